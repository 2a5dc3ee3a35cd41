/**
 * `client:intent` — hydrate an island when someone reaches for it (ARCHITECTURE §1): the first
 * pointer over or down, focus, key or touch on the island (or on the element named by the
 * directive's value, a CSS selector), or a `terrace:intent` event on the document (dispatched by
 * code that needs the island awake, e.g. another island opening the account panel). Until then
 * neither React nor the island's code is fetched. A click that lands before hydration finishes
 * is held and replayed on the same element afterwards, so no press is lost.
 */
import type { ClientDirective } from 'astro';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/** The child-index path from `root` down to `node`. */
function pathFrom(root: Element, node: Element): number[] {
  const path: number[] = [];
  let current: Element | null = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return path;
}

function atPath(root: Element, path: number[]): Element | null {
  let current: Element | null = root;
  for (const index of path) current = current?.children[index] ?? null;
  return current;
}

const intent: ClientDirective = (load, options, el) => {
  const selector = typeof options.value === 'string' && options.value ? options.value : null;
  const watched = (selector && document.querySelector(selector)) || el;
  let state: 'waiting' | 'loading' | 'ready' = 'waiting';
  let heldClick: number[] | null = null;

  const holdClick = (event: Event) => {
    if (state === 'ready' || !(event.target instanceof Element) || !el.contains(event.target)) return;
    const clickable = event.target.closest('a, button, [role="button"], input, summary');
    if (!clickable || !el.contains(clickable)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = pathFrom(el, clickable);
    void start();
  };

  const start = async () => {
    if (state !== 'waiting') return;
    state = 'loading';
    for (const name of INTENT_EVENTS) watched.removeEventListener(name, start);
    document.removeEventListener('terrace:intent', start);
    const hydrate = await load();
    await hydrate();
    state = 'ready';
    el.removeEventListener('click', holdClick, true);
    if (heldClick) {
      const target = atPath(el, heldClick);
      heldClick = null;
      // Let React commit its event handlers before replaying the press.
      requestAnimationFrame(() => (target as HTMLElement | null)?.click());
    }
  };

  el.addEventListener('click', holdClick, true);
  for (const name of INTENT_EVENTS) watched.addEventListener(name, start, { once: true, passive: true });
  document.addEventListener('terrace:intent', start, { once: true });
};

export default intent;
