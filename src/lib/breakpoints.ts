/**
 * Spec §9 breakpoints (px): xs below 576, sm below 964, md below 1256, lg below 1576, xl below 1848,
 * else xxl. Each value is where that size starts.
 */
export const breakpoints = { sm: 576, md: 964, lg: 1256, xl: 1576, xxl: 1848 } as const;
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

export function breakpointOf(width: number): Breakpoint {
  if (width < breakpoints.sm) return 'xs';
  if (width < breakpoints.md) return 'sm';
  if (width < breakpoints.lg) return 'md';
  if (width < breakpoints.xl) return 'lg';
  if (width < breakpoints.xxl) return 'xl';
  return 'xxl';
}

/** xs and sm: the search box's mobile layout, tooltips that open on click. */
export function isBelowMd(width: number): boolean {
  return width < breakpoints.md;
}
