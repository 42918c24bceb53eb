import { describe, expect, it } from 'vitest';

import { filledStars, ratingValues } from './rating';

describe('filledStars', () => {
  it.each([
    [0, 0],
    [0.4, 0],
    [0.5, 1],
    [4.4, 4],
    [4.6, 5],
    [5, 5],
    [7, 5],
    [-1, 0],
  ])('%f → %i stars', (value, stars) => expect(filledStars(value)).toBe(stars));
});

describe('ratingValues', () => {
  it('runs from the spec’s start to its stop in whole steps: 0 (no stars) to 5', () => {
    expect(ratingValues).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
