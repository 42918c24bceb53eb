import type { Random } from '@/lib/random';

import { lathe, type Point2 } from '../primitives';
import { placeOnBed } from '../solid';
import type { Family } from './family';
import { vesselProfile, warpedLathe } from './household-shapes';

/** A turned bowl (cereal, salad, ramen, pet or fruit bowl), plain, ribbed, faceted or with a scalloped rim. */
export const bowl: Family = {
  name: 'bowl',
  words: ['bowl', 'basin', 'feeder', 'dish', 'cereal', 'salad', 'pet bowl', 'dog bowl', 'cat bowl'],
  categories: ['dish', 'kitchen-dining', 'kitchen-and-dining', 'pets', 'containers', 'food-and-drink'],
  build(random: Random) {
    const rim = 45 + random.next() * 55;
    const pet = random.chance(0.2);
    const height = pet ? rim * (0.45 + random.next() * 0.1) : rim * (0.45 + random.next() * 0.45);
    const foot = pet ? rim * 1.05 : rim * (0.35 + random.next() * 0.25);
    const curve = pet ? 1 : 0.5 + random.next() * 1.2;
    const footH = 0.06 + random.next() * 0.06;
    const radiusAt = (t: number) =>
      t < footH
        ? foot
        : pet
          ? foot + (rim * 0.8 - foot) * ((t - footH) / (1 - footH))
          : foot + (rim - foot) * Math.sin(((t - footH) / (1 - footH)) * (Math.PI / 2)) ** curve;
    const wall = 2.5 + random.next() * 1.5;
    const style = random.pick(['plain', 'ribbed', 'scalloped', 'faceted'] as const);
    const lobes = random.int(6, 14);
    // A faceted bowl has only `lobes` segments round: more steps up its side keep it over 1,000 triangles.
    const steps = style === 'faceted' ? 80 : 28 + random.int(0, 12);
    const profile: Point2[] = vesselProfile(
      radiusAt,
      height,
      pet ? wall * 2 : wall,
      4 + random.next() * 2,
      steps,
    );
    const outsideEnd = steps + 1;
    const lipEnd = steps + 6;
    const segments = style === 'faceted' ? lobes : 96;
    const solid = warpedLathe(profile, segments, (r, z, angle, index) => {
      if (style === 'ribbed' && index > 1 && index <= outsideEnd)
        return [r + wall * 0.35 * Math.abs(Math.cos((angle * lobes) / 2)), z];
      if (style === 'scalloped' && index >= outsideEnd - 3 && index <= lipEnd + 3)
        return [r, z + height * 0.06 * Math.cos(angle * lobes) * Math.min(1, (index - outsideEnd + 4) / 4)];
      return [r, z];
    });
    return placeOnBed(solid);
  },
};

/** A plate or saucer: a foot ring underneath, a flat well and a rim that rises to the edge. */
export const plate: Family = {
  name: 'plate',
  words: ['plate', 'saucer', 'platter', 'tray', 'dish', 'coaster', 'soap', 'soap dish'],
  categories: ['dish', 'kitchen-dining', 'kitchen-and-dining', 'bathroom', 'food-and-drink'],
  build(random: Random) {
    const radius = 40 + random.next() * 90;
    const thick = 2.5 + random.next() * 1.5;
    const wellR = radius * (0.55 + random.next() * 0.2);
    const rise = radius * (0.06 + random.next() * 0.12);
    const footR = wellR * (0.55 + random.next() * 0.3);
    const footH = 2 + random.next() * 2;
    const well = footH + thick;
    const rimRoll = random.chance(0.5);
    const steps = 16;
    const topAt = (r: number) =>
      r <= wellR
        ? well
        : well + rise * (1 - Math.cos(((r - wellR) / (radius - wellR)) * (Math.PI / 2)) ** 1.5);
    const profile: Point2[] = [
      [0, footH * 0.6],
      [footR - 3, footH * 0.6],
      [footR - 2, 0],
      [footR, 0],
      [footR + footH * 0.5, footH],
    ];
    for (let i = 0; i <= steps; i++) {
      const r = footR + footH * 0.5 + ((radius - footR - footH * 0.5) * i) / steps;
      if (r > wellR) profile.push([r, topAt(r) - thick]);
    }
    if (rimRoll)
      profile.push(
        [radius + thick * 0.4, topAt(radius) - thick * 0.2],
        [radius + thick * 0.4, topAt(radius) + thick * 0.4],
      );
    for (let i = steps; i >= 0; i--) {
      const r = wellR + ((radius - wellR) * i) / steps;
      profile.push([r, topAt(r) + (i === steps && rimRoll ? thick * 0.4 : 0)]);
    }
    profile.push([0, well]);
    return placeOnBed(lathe(profile, 64 + random.int(0, 4) * 8));
  },
};
