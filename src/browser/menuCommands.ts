/**
 * Invoker commands for the main menu <dialog> (command="show-modal" / "close" with commandfor)
 * in browsers that do not have them yet; where they exist this does nothing.
 * Markup: src/components/MainMenu.astro; loaded by src/browser/siteChrome.ts.
 */
if (!('command' in HTMLButtonElement.prototype)) {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[commandfor]') : null;
    const dialog = button && document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (button?.getAttribute('command') === 'show-modal' && !dialog.open) dialog.showModal();
    if (button?.getAttribute('command') === 'close') dialog.close();
  });
}
