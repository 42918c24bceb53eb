import { describe, it } from 'vitest';

import { expectFamilyKeepsItsPromises } from './family-check';
import { worldFamilies } from './group-world';

describe('procedural families: the world group', () => {
  for (const family of worldFamilies)
    it(`${family.name} keeps the promises`, () => expectFamilyKeepsItsPromises(family, [1, 2, 3]), 60_000);
});
