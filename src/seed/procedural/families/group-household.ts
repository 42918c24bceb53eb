/** The household families (issue 28). */
import { ball } from './ball';
import { bottle } from './bottle';
import { bowl, plate } from './bowl';
import { candleHolder } from './candle-holder';
import { chessPiece } from './chess-piece';
import { coin } from './coin';
import type { Family } from './family';
import { fruit } from './fruit';
import { bangle, earrings, fingerRing, pendant } from './jewelry';
import { mug } from './mug';
import { planter } from './planter';
import { tableLamp } from './table-lamp';
import { torusKnot } from './torus-knot';
import { twistedSculpture } from './twisted-sculpture';

export const householdFamilies: readonly Family[] = [
  mug,
  bottle,
  tableLamp,
  bowl,
  plate,
  planter,
  candleHolder,
  chessPiece,
  torusKnot,
  twistedSculpture,
  coin,
  ball,
  fruit,
  fingerRing,
  bangle,
  pendant,
  earrings,
];
