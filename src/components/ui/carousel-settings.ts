/** Spec §9 carousel defaults. */
export const carouselDefaults = {
  slidesPerView: 1,
  speedMs: 500,
  autoplay: false,
  autoplayDelayMs: 3000,
  dragThreshold: 0.5,
  spacing: 0,
  slideWidth: null as string | null,
  wrap: false,
  debounceMs: 0,
  progressDots: 0,
  /** More slides at wider screens: minimum viewport width → slides per view. */
  responsive: [] as { minWidth: number; slidesPerView: number }[],
};
export type CarouselSettings = typeof carouselDefaults;

/** Spec §9: the home page's trending carousel. */
export const homeCarouselSettings: CarouselSettings = {
  ...carouselDefaults,
  slidesPerView: 1.1,
  slideWidth: '85%',
  spacing: 16,
  speedMs: 150,
  wrap: false,
  debounceMs: 100,
  progressDots: 8,
  responsive: [
    { minWidth: 576, slidesPerView: 2.2 },
    { minWidth: 964, slidesPerView: 3.2 },
    { minWidth: 1256, slidesPerView: 4 },
  ],
};

export function slidesPerViewAt(settings: CarouselSettings, viewportWidth: number): number {
  let value = settings.slidesPerView;
  for (const step of settings.responsive) if (viewportWidth >= step.minWidth) value = step.slidesPerView;
  return value;
}

/** The last slide index the strip can start at (no wrap: the last slides fill the view). */
export function lastStartIndex(slideCount: number, slidesPerView: number): number {
  return Math.max(0, slideCount - Math.floor(slidesPerView));
}

/** The index after a move, clamped (no wrap) or wrapped. */
export function nextIndex(current: number, delta: number, last: number, wrap: boolean): number {
  const target = current + delta;
  if (wrap) return ((target % (last + 1)) + last + 1) % (last + 1);
  return Math.min(last, Math.max(0, target));
}
