import { describe, it } from 'vitest';

import { expectFamilyKeepsItsPromises } from './family-check';
import { figure } from './figure';
import { vase } from './vase';

describe('procedural families: vase and figure', () => {
  it('vase keeps the promises', () => expectFamilyKeepsItsPromises(vase));
  it('figure keeps the promises', () => expectFamilyKeepsItsPromises(figure));
});
