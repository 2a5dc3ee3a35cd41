/**
 * One tab's carousel of package cards (spec §2 Packages widget; §4 Carousel), on the project's
 * embla carousel (its React binding): it starts CAROUSEL_START_DELAY_MS after mount and says
 * 'loading' until then; Previous is disabled at index 0 and Next at the last index; the progress
 * bar shows index / scrollable length (src/lib/carouselRules); the arrow keys on the track scroll it;
 * with reduced motion it jumps instead of animating. Before it starts (and without JavaScript) the
 * track scrolls natively with scroll snapping (packages.css).
 *
 * Props: label (the carousel's accessible name), id (for aria-controls), children (the cards).
 */
import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { carouselButtonStates, carouselProgress } from '../../lib/carouselRules';
import { CAROUSEL_START_DELAY_MS } from '../../lib/constants';
import { SvgIcon } from '../SvgIcon';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function PackageCarousel({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  const [started, setStarted] = useState(false);
  const [emblaRef, embla] = useEmblaCarousel({ active: started, align: 'start', containScroll: 'trimSnaps', slidesToScroll: 1 });
  const [position, setPosition] = useState({ index: 0, last: 0 });
  const slides = Children.toArray(children);

  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), CAROUSEL_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const update = useCallback(() => {
    if (!embla) return;
    setPosition({ index: embla.selectedScrollSnap(), last: embla.scrollSnapList().length - 1 });
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  const ready = started && embla !== undefined;
  const trackLabel = `${label}: use the arrow keys to scroll`;
  const buttons = ready ? carouselButtonStates(position.index, position.last) : { previousDisabled: true, nextDisabled: true };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!embla || event.altKey || event.ctrlKey || event.metaKey || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowLeft') embla.scrollPrev(reducedMotion());
    else if (event.key === 'ArrowRight') embla.scrollNext(reducedMotion());
    else return;
    event.preventDefault();
  };

  return (
    <div className={`packages-carousel${ready ? ' is-ready' : ''}`} aria-roledescription="carousel" aria-label={label}>
      <div className="packages-carousel__controls">
        {!ready && (
          <p className="packages-carousel__loading" role="status">
            loading
          </p>
        )}
        <button
          type="button"
          className="packages-carousel__button"
          aria-label="Previous"
          aria-controls={id}
          aria-disabled={buttons.previousDisabled}
          onClick={() => !buttons.previousDisabled && embla?.scrollPrev(reducedMotion())}
        >
          <SvgIcon name="chevronLeft" size={20} />
        </button>
        <button
          type="button"
          className="packages-carousel__button"
          aria-label="Next"
          aria-controls={id}
          aria-disabled={buttons.nextDisabled}
          onClick={() => !buttons.nextDisabled && embla?.scrollNext(reducedMotion())}
        >
          <SvgIcon name="chevronRight" size={20} />
        </button>
      </div>
      {/* A scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1), and its arrow keys scroll it; its label says so. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      <div className="packages-carousel__viewport" id={id} ref={emblaRef} role="group" tabIndex={0} aria-label={trackLabel} onKeyDown={onKeyDown}>
        <div className="packages-carousel__container">
          {slides.map((slide, index) => (
            <div key={index} className="packages-carousel__slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${slides.length}`}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="packages-carousel__progress" aria-hidden="true">
        <span className="packages-carousel__bar" style={{ transform: `scaleX(${ready ? carouselProgress(position.index, position.last) : 0})` }} />
      </div>
    </div>
  );
}
