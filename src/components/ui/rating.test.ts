import { describe, expect, it } from 'vitest';

import { filledStars } from './rating';

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
