/**
 * Carousels in the browser (spec §4 Carousel) for src/components/Carousel.astro, on the vanilla
 * embla-carousel core: each [data-carousel] starts 100 ms after mount (CAROUSEL_START_DELAY_MS);
 * it scrolls one item at a time by drag (touch or mouse), the Previous/Next buttons and the arrow
 * keys on the track; Previous is disabled at index 0 and Next at the last index, and the progress
 * bar shows index / scrollable length (src/lib/carouselRules). With reduced motion, the buttons and keys
 * jump instead of animating. Carousels of a page left by the client router are destroyed.
 */
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import { carouselButtonStates, carouselProgress } from '../lib/carouselRules';
import { CAROUSEL_START_DELAY_MS } from '../lib/constants';

const started = new Map<HTMLElement, EmblaCarouselType>();
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function setDisabled(button: HTMLButtonElement | null, disabled: boolean): void {
  button?.setAttribute('aria-disabled', String(disabled));
}

function start(root: HTMLElement): void {
  const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]');
  if (!viewport || started.has(root) || !root.isConnected) return;
  const previous = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const bar = root.querySelector<HTMLElement>('[data-carousel-progress]');

  viewport.scrollLeft = 0;
  root.classList.add('is-ready');
  const embla = EmblaCarousel(viewport, { align: 'start', containScroll: 'trimSnaps', slidesToScroll: 1 });
  started.set(root, embla);

  const update = (): void => {
    const index = embla.selectedScrollSnap();
    const lastIndex = embla.scrollSnapList().length - 1;
    const states = carouselButtonStates(index, lastIndex);
    setDisabled(previous, states.previousDisabled);
    setDisabled(next, states.nextDisabled);
    if (bar) bar.style.transform = `scaleX(${carouselProgress(index, lastIndex)})`;
    root.dataset.index = String(index);
  };
  embla.on('select', update).on('reInit', update);
  update();

  previous?.addEventListener('click', () => {
    if (previous.getAttribute('aria-disabled') !== 'true') embla.scrollPrev(reducedMotion());
  });
  next?.addEventListener('click', () => {
    if (next.getAttribute('aria-disabled') !== 'true') embla.scrollNext(reducedMotion());
  });
  viewport.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') embla.scrollPrev(reducedMotion());
    else if (event.key === 'ArrowRight') embla.scrollNext(reducedMotion());
    else return;
    event.preventDefault();
  });
}

/** Destroys carousels no longer in the page and schedules the new ones. */
function mountAll(): void {
  for (const [root, embla] of started) {
    if (!root.isConnected) {
      embla.destroy();
      started.delete(root);
    }
  }
  const roots = [...document.querySelectorAll<HTMLElement>('[data-carousel]')].filter((root) => !started.has(root));
  if (roots.length > 0) window.setTimeout(() => roots.forEach(start), CAROUSEL_START_DELAY_MS);
}

document.addEventListener('astro:page-load', mountAll);
mountAll();
