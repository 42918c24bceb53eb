import { describe, expect, it } from 'vitest';

import { breakpointOf, isBelowMd } from './breakpoints';

describe('breakpointOf', () => {
  it.each([
    [0, 'xs'],
    [575, 'xs'],
    [576, 'sm'],
    [963, 'sm'],
    [964, 'md'],
    [1255, 'md'],
    [1256, 'lg'],
    [1575, 'lg'],
    [1576, 'xl'],
    [1847, 'xl'],
    [1848, 'xxl'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(breakpointOf(width)).toBe(expected);
    expect(isBelowMd(width)).toBe(expected === 'xs' || expected === 'sm');
  });
});
