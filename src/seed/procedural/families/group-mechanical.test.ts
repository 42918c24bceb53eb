import { describe, it } from 'vitest';

import { expectFamilyKeepsItsPromises } from './family-check';
import { mechanicalFamilies } from './group-mechanical';

describe('procedural families: mechanical', () => {
  for (const family of mechanicalFamilies)
    it(`${family.name} keeps the promises`, () => expectFamilyKeepsItsPromises(family));
});
