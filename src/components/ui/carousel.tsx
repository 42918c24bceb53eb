'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import {
  carouselDefaults,
  lastStartIndex,
  nextIndex,
  slidesPerViewAt,
  type CarouselSettings,
} from './carousel-settings';
import styles from './carousel.module.css';

export interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  /** "Slide 3 of 8". */
  slide: (position: number, total: number) => string;
  /** "Go to slide 3". */
  goTo: (position: number) => string;
}

/**
 * Spec §2/§4 "Model carousel": a swipeable strip with previous/next buttons and progress dots.
 * Previous is disabled on the first slide and next on the last; buttons and dragging are disabled while
 * a slide change runs; changes are debounced; until the component is ready in the browser only the first
 * slide shows, with disabled controls. Autoplay (off unless set) pauses on hover.
 */
export function Carousel({
  slides,
  settings = carouselDefaults,
  labels,
}: {
  slides: ReactNode[];
  settings?: CarouselSettings;
  labels: CarouselLabels;
}) {
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [viewportWidth, setViewportWidth] = useState(0);
  const [windowWidth, setWindowWidth] = useState(0);
  const [dragOffset, setDragOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const pendingDelta = useRef(0);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const drag = useRef<{ startX: number; pointerId: number; moved: boolean } | null>(null);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => {
      setViewportWidth(element.clientWidth);
      setWindowWidth(window.innerWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    setReady(true);
    return () => {
      observer.disconnect();
      clearTimeout(debounceTimer.current);
      clearTimeout(busyTimer.current);
    };
  }, []);

  const slidesPerView = slidesPerViewAt(settings, windowWidth);
  const last = lastStartIndex(slides.length, slidesPerView);
  const slideWidth =
    settings.slideWidth && slidesPerView === settings.slidesPerView && settings.slideWidth.endsWith('%')
      ? (viewportWidth * Number.parseFloat(settings.slideWidth)) / 100
      : (viewportWidth - settings.spacing * (Math.ceil(slidesPerView) - 1)) / slidesPerView;
  const step = slideWidth + settings.spacing;

  // Timers read the index from here (their closures would hold a stale one).
  const indexRef = useRef(0);

  const goTo = useCallback(
    (target: number) => {
      if (target === indexRef.current) return;
      indexRef.current = target;
      setIndex(target);
      setBusy(true);
      clearTimeout(busyTimer.current);
      busyTimer.current = setTimeout(() => setBusy(false), settings.speedMs);
    },
    [settings.speedMs],
  );

  /** Button and autoplay moves: clicks within the debounce window add up to one change. */
  const move = useCallback(
    (delta: number) => {
      pendingDelta.current += delta;
      clearTimeout(debounceTimer.current);
      debounceTimer.current = setTimeout(() => {
        const total = pendingDelta.current;
        pendingDelta.current = 0;
        goTo(nextIndex(indexRef.current, total, last, settings.wrap));
      }, settings.debounceMs);
    },
    [goTo, last, settings.debounceMs, settings.wrap],
  );

  useEffect(() => {
    if (!settings.autoplay || !ready || hovered) return;
    const timer = setInterval(() => move(1), settings.autoplayDelayMs);
    return () => clearInterval(timer);
  }, [settings.autoplay, settings.autoplayDelayMs, ready, hovered, move]);

  const controlsDisabled = !ready || busy;
  const shown = ready ? slides : slides.slice(0, 1);
  const offset = -Math.min(index, last) * step + dragOffset;
  const dots = Math.min(settings.progressDots, slides.length);

  return (
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription="carousel"
      aria-label={labels.region}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        ref={viewport}
        className={styles.viewport}
        onPointerDown={(event) => {
          if (controlsDisabled || event.button !== 0) return;
          drag.current = { startX: event.clientX, pointerId: event.pointerId, moved: false };
        }}
        onPointerMove={(event) => {
          const state = drag.current;
          if (!state || state.pointerId !== event.pointerId) return;
          const dx = event.clientX - state.startX;
          if (!state.moved && Math.abs(dx) > 6) {
            state.moved = true;
            event.currentTarget.setPointerCapture(event.pointerId);
          }
          if (state.moved) setDragOffset(dx);
        }}
        onPointerUp={(event) => {
          const state = drag.current;
          drag.current = null;
          if (!state?.moved) return;
          const dx = event.clientX - state.startX;
          setDragOffset(0);
          const slidesMoved = Math.trunc(Math.abs(dx) / step + (1 - settings.dragThreshold));
          if (slidesMoved > 0)
            goTo(nextIndex(index, dx < 0 ? slidesMoved : -slidesMoved, last, settings.wrap));
          // A drag is not a click on the card under the pointer.
          event.currentTarget.addEventListener('click', (e) => e.preventDefault(), {
            capture: true,
            once: true,
          });
        }}
        onPointerCancel={() => {
          drag.current = null;
          setDragOffset(0);
        }}
      >
        <div
          className={styles.track}
          style={{
            gap: settings.spacing,
            transform: `translate3d(${offset}px, 0, 0)`,
            transition: dragOffset === 0 ? `transform ${settings.speedMs}ms ease-out` : 'none',
          }}
        >
          {shown.map((slide, i) => (
            <div
              key={i}
              className={styles.slide}
              style={{ width: ready && slideWidth > 0 ? slideWidth : (settings.slideWidth ?? '100%') }}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide(i + 1, slides.length)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.arrow}
          aria-label={labels.previous}
          disabled={controlsDisabled || index === 0}
          onClick={() => move(-1)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
        {dots > 0 && (
          <ol className={styles.dots}>
            {Array.from({ length: dots }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={labels.goTo(i + 1)}
                  aria-current={i === index ? 'true' : undefined}
                  disabled={controlsDisabled}
                  onClick={() => goTo(Math.min(i, last))}
                />
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className={styles.arrow}
          aria-label={labels.next}
          disabled={controlsDisabled || index >= last}
          onClick={() => move(1)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      </div>
    </div>
  );
}
