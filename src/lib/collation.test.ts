import { describe, expect, it } from 'vitest';

import { sortByTitle } from './collation';

describe('sortByTitle', () => {
  it('ignores case and accents', () => {
    const titles = ['Zebra', 'éclairage', 'Animaux', 'Électronique', 'bijoux'].map((title) => ({ title }));
    expect(sortByTitle(titles, 'fr').map((t) => t.title)).toEqual([
      'Animaux',
      'bijoux',
      'éclairage',
      'Électronique',
      'Zebra',
    ]);
  });

  it('follows the locale (German ä sorts with a)', () => {
    const titles = ['Zubehör', 'Ärmel', 'Auto'].map((title) => ({ title }));
    expect(sortByTitle(titles, 'de').map((t) => t.title)).toEqual(['Ärmel', 'Auto', 'Zubehör']);
  });
});
