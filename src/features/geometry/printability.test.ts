import { describe, expect, it } from 'vitest';

import {
  fitsIn,
  printabilityReport,
  printerFits,
  printers,
  wallVerdicts,
  type OrientationFigures,
  type OverhangFigures,
  type Printer,
  type Vec3,
} from './printability';

const orientation = (
  name: OrientationFigures['orientation'],
  sizeMm: Vec3,
  supportAreaMm2 = 0,
): OrientationFigures => ({
  orientation: name,
  down: [0, 0, -1],
  overhangAreaMm2: supportAreaMm2,
  overhangShare: 0,
  supportAreaMm2,
  plateContactMm2: 0,
  sizeMm,
});

const overhangsOf = (recommended: OrientationFigures, others: OrientationFigures[]): OverhangFigures => ({
  thresholdDeg: 45,
  surfaceAreaMm2: 1000,
  asUploaded: recommended,
  recommended,
  candidates: [recommended, ...others],
});

describe('the printer table', () => {
  it('has at least 12 printers, each with a build volume in mm and the maker’s page', () => {
    expect(printers.length).toBeGreaterThanOrEqual(12);
    expect(new Set(printers.map((p) => p.id)).size).toBe(printers.length);
    for (const printer of printers) {
      expect(printer.buildVolumeMm).toHaveLength(3);
      for (const side of printer.buildVolumeMm) expect(side).toBeGreaterThan(50);
      expect(new URL(printer.source).protocol).toBe('https:');
      expect(['fdm', 'resin']).toContain(printer.technology);
    }
    expect(printers.some((p) => p.technology === 'resin')).toBe(true);
  });
});

describe('fitsIn', () => {
  const mk4s: Vec3 = [250, 210, 220];
  it('takes the footprint as placed or turned a quarter, the height as it is', () => {
    expect(fitsIn([250, 210, 220], mk4s)).toBe(true);
    expect(fitsIn([210, 250, 220], mk4s)).toBe(true);
    expect(fitsIn([250.005, 210, 220], mk4s)).toBe(true);
    expect(fitsIn([251, 200, 100], mk4s)).toBe(false);
    expect(fitsIn([200, 200, 221], mk4s)).toBe(false);
    expect(fitsIn([220, 220, 100], mk4s)).toBe(false);
  });
});

describe('printerFits', () => {
  const table: Printer[] = [
    {
      id: 'small',
      name: 'Small',
      technology: 'fdm',
      buildVolumeMm: [180, 180, 180],
      source: 'https://a.example/',
    },
    {
      id: 'tall',
      name: 'Tall',
      technology: 'fdm',
      buildVolumeMm: [250, 220, 280],
      source: 'https://b.example/',
    },
    {
      id: 'big',
      name: 'Big',
      technology: 'fdm',
      buildVolumeMm: [300, 300, 300],
      source: 'https://c.example/',
    },
  ];
  it('fits in the recommended orientation, else lying another way with the least support, else not', () => {
    const flat = orientation('as_uploaded', [270, 20, 20]);
    const standing = orientation('left_down', [20, 20, 270], 50);
    const standingWorse = orientation('right_down', [20, 20, 270], 80);
    const fits = printerFits(overhangsOf(flat, [standingWorse, standing]), table);
    expect(fits.map((f) => [f.printer.id, f.fit, f.orientation])).toEqual([
      ['small', 'no', null],
      ['tall', 'other', 'left_down'],
      ['big', 'recommended', 'as_uploaded'],
    ]);
  });
});

describe('wallVerdicts', () => {
  const walls = (smallestFeatureMm: number | null, share = 0) => ({
    share,
    thresholdMm: 0.2,
    smallestFeatureMm,
    probeMm: 2,
  });
  it('passes, warns or fails FDM at 0.8 and 0.4 mm, resin at 0.4 and 0.2 mm', () => {
    expect(wallVerdicts(walls(null))).toMatchObject({ fdm: 'pass', resin: 'pass', smallestFeatureMm: null });
    expect(wallVerdicts(walls(0.8))).toMatchObject({ fdm: 'pass', resin: 'pass' });
    expect(wallVerdicts(walls(0.5))).toMatchObject({ fdm: 'warn', resin: 'pass' });
    expect(wallVerdicts(walls(0.3))).toMatchObject({ fdm: 'fail', resin: 'warn' });
    expect(wallVerdicts(walls(0.1))).toMatchObject({ fdm: 'fail', resin: 'fail' });
  });
  it('fails both when more than 1 % of the surface is on walls under the thin-wall threshold', () => {
    expect(wallVerdicts(walls(null, 0.011))).toMatchObject({ fdm: 'fail', resin: 'fail' });
    expect(wallVerdicts(walls(1, 0.01))).toMatchObject({ fdm: 'pass', resin: 'pass' });
  });
  it('gives no verdict for an analysis made before the smallest feature was measured', () => {
    expect(wallVerdicts({ share: 0, thresholdMm: 0.2 })).toBeNull();
  });
});

describe('printabilityReport', () => {
  it('is null for an analysis without overhangs, and whole otherwise', () => {
    expect(printabilityReport(null)).toBeNull();
    expect(printabilityReport({ thinWalls: { share: 0, thresholdMm: 0.2 } })).toBeNull();
    const report = printabilityReport({
      overhangs: overhangsOf(orientation('as_uploaded', [20, 20, 20]), []),
      thinWalls: { share: 0, thresholdMm: 0.2, smallestFeatureMm: null, probeMm: 2 },
    })!;
    expect(report.fits).toHaveLength(printers.length);
    expect(report.fits.every((f) => f.fit === 'recommended')).toBe(true);
    expect(report.walls).toMatchObject({ fdm: 'pass', resin: 'pass' });
  });
});
