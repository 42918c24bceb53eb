/** The household families (issue 28). */
import { ball } from './ball';
import { bell } from './bell';
import { bottle } from './bottle';
import { bowl, plate } from './bowl';
import { candleHolder } from './candle-holder';
import { chessPiece } from './chess-piece';
import { coin } from './coin';
import type { Family } from './family';
import { fruit } from './fruit';
import { bangle, earrings, fingerRing, pendant } from './jewelry';
import { glasses } from './glasses';
import { mug } from './mug';
import { planter } from './planter';
import { shoe } from './shoe';
import { speaker } from './speaker';
import { tableLamp } from './table-lamp';
import { torusKnot } from './torus-knot';
import { twistedSculpture } from './twisted-sculpture';
import { utensil } from './utensil';
import { wallShelf } from './wall-shelf';

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
  utensil,
  glasses,
  bell,
  wallShelf,
  speaker,
  shoe,
];
