import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';

/** A turned candlestick with its candle: base, a stem of knops, a drip pan and a cup holding a taper. */
export const candleHolder: Family = {
  name: 'candle-holder',
  words: ['candle', 'candlestick', 'candleholder', 'tealight', 'candelabra', 'candle holder'],
  categories: ['decor', 'interior', 'household-supplies'],
  build(random: Random) {
    const baseR = 30 + random.next() * 25;
    const stemH = 40 + random.next() * 110;
    const stemR = 5 + random.next() * 4;
    const cupR = 12 + random.next() * 4;
    const candleR = cupR - 2.5;
    const candleH = random.chance(0.8) ? 50 + random.next() * 110 : 0;
    const knops = random.int(1, 4);
    const profile: Point2[] = [
      [0, 0],
      [baseR, 0],
      [baseR, 3],
    ];
    const baseH = 8 + random.next() * 10;
    for (let i = 1; i <= 6; i++) {
      const a = (Math.PI / 2) * (i / 6);
      profile.push([stemR + (baseR - stemR) * (1 - Math.sin(a)) ** 1.4, 3 + baseH * Math.sin(a) ** 0.7]);
    }
    const steps = 40;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      let r = stemR;
      for (let k = 0; k < knops; k++) {
        const centre = (k + 0.5) / knops;
        const d = (t - centre) / (0.35 / knops);
        r += stemR * 0.9 * Math.exp(-d * d * 3);
      }
      profile.push([r, 3 + baseH + stemH * t]);
    }
    const panZ = 3 + baseH + stemH;
    const panR = cupR + 8 + random.next() * 14;
    profile.push(
      [panR, panZ + 2],
      [panR + 1, panZ + 5],
      [panR - 2, panZ + 5],
      [cupR, panZ + 6],
      [cupR, panZ + 22],
    );
    if (candleH > 0) {
      profile.push(
        [candleR, panZ + 22],
        [candleR, panZ + 22 + candleH],
        [1.2, panZ + 22 + candleH + 1],
        [0.8, panZ + 28 + candleH],
        [0, panZ + 28 + candleH],
      );
    } else {
      profile.push([candleR, panZ + 22], [candleR, panZ + 8], [0, panZ + 8]);
    }
    return placeOnBed(lathe(profile, 48 + random.int(0, 3) * 8));
  },
};
