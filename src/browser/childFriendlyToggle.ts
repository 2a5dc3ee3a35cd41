/**
 * Child-friendly toggle behaviour (spec §6 "Child-friendly mode"): mirrors the store on
 * <html data-child-friendly> and on every toggle's aria-pressed, and flips it on click.
 * Markup: src/components/ChildFriendlyToggle.astro; loaded by src/browser/siteChrome.ts.
 */
import { childFriendly, setChildFriendly } from '../stores/childFriendly';

function render(on: boolean): void {
  document.documentElement.dataset.childFriendly = String(on);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-child-friendly-toggle]')) button.setAttribute('aria-pressed', String(on));
}
childFriendly.subscribe(render);
document.addEventListener('astro:after-swap', () => render(childFriendly.get()));
document.addEventListener('astro:page-load', () => render(childFriendly.get()));
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-child-friendly-toggle]')) setChildFriendly(!childFriendly.get());
});
