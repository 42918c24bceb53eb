import { describe, it } from 'vitest';

import { expectFamilyKeepsItsPromises } from './family-check';
import { mechanicalFamilies } from './group-mechanical';

// The implicit-surface families and the larger meshes are the slow ones: three seeds each keep the
// group's tests quick.
const fewerSeeds = new Set(['dice', 'wall-hook', 'robot', 'hammer', 'gear-set', 'shield']);

describe('procedural families: mechanical', () => {
  for (const family of mechanicalFamilies)
    it(`${family.name} keeps the promises`, () =>
      expectFamilyKeepsItsPromises(family, fewerSeeds.has(family.name) ? [1, 2, 17] : undefined));
});
