/**
 * Copy-link share button (src/components/ShareButtons.astro): copies `data-copy-link` to the
 * clipboard and says so in the button and in the share block's status line for screen readers.
 * Where the clipboard is unavailable, the status shows the address to copy by hand. One listener
 * on the document, so it keeps working across client-router page swaps.
 */
const COPIED_MS = 2500;

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy-link]') : null;
  if (!button) return;
  const url = button.dataset.copyLink || location.href;
  const label = button.querySelector<HTMLElement>('[data-copy-label]');
  const status = button.closest('.share')?.querySelector<HTMLElement>('[data-copy-status]');
  const say = (text: string, visible: string) => {
    if (status) status.textContent = text;
    if (!label) return;
    const before = label.dataset.text ?? label.textContent ?? '';
    label.dataset.text = before;
    label.textContent = visible;
    window.setTimeout(() => (label.textContent = before), COPIED_MS);
  };
  const copy: Promise<void> = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('No clipboard'));
  copy.then(() => say('Link copied to the clipboard', 'Link copied')).catch(() => say(`Copy this link: ${url}`, 'Copy failed'));
});
