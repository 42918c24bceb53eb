import { describe, expect, it } from 'vitest';

import { box } from './primitives';
import { familyChooser } from './choose-family';
import type { Family } from './families/family';

const family = (name: string, words: string[], categories: string[]): Family => ({
  name,
  words,
  categories,
  build: () => box(0, 0, 0, 1, 1, 1),
});

const gear = family('spur-gear', ['gear', 'cog'], ['parts']);
const gearSet = family('gear-set', ['gear set', 'gearbox'], []);
const chair = family('chair', ['chair', 'seat'], ['chair', 'furniture']);
const stool = family('stool', ['stool'], ['furniture']);
const chooser = familyChooser([gear, gearSet, chair, stool]);

describe('choosing a demo model’s family', () => {
  it('follows the title’s words, two-word names and plurals first', () => {
    expect(chooser.choose('Planetary Gear Set v2', 'print/tools/parts', 1).name).toBe('gear-set');
    expect(chooser.choose('Spare gears for a clock', 'print/home-office/decor', 1).name).toBe('spur-gear');
    expect(chooser.choose('Chair for a doll house with a gear', 'x/y', 1).name).toBe('spur-gear');
  });

  it('falls back on the category, then its parents, then the id', () => {
    expect(chooser.choose('Nordic', 'models/furniture/chair', 7).name).toBe('chair');
    expect(['chair', 'stool']).toContain(chooser.choose('Nordic', 'models/furniture/bench', 7).name);
    expect(chooser.choose('Nordic', 'models/furniture/bench', 0).name).not.toBe(
      chooser.choose('Nordic', 'models/furniture/bench', 1).name,
    );
    expect(chooser.choose('Untitled', 'a/b/c', 5)).toBe([gear, gearSet, chair, stool][5 % 4]);
  });
});
