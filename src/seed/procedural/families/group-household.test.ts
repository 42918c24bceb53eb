import { describe, it } from 'vitest';

import { expectFamilyKeepsItsPromises } from './family-check';
import { householdFamilies } from './group-household';

// The SDF families are slower to build and analyse: three seeds each keep the group's tests quick.
const fewerSeeds = new Set([
  'mug',
  'chess-piece',
  'coin',
  'ball',
  'finger-ring',
  'pendant',
  'earrings',
  'kitchen-utensil',
  'glasses',
  'wall-shelf',
  'shoe',
]);

describe('procedural families: household', () => {
  for (const family of householdFamilies)
    it(
      `${family.name} keeps the promises`,
      () => expectFamilyKeepsItsPromises(family, fewerSeeds.has(family.name) ? [1, 2, 17] : undefined),
      30_000,
    );
});
