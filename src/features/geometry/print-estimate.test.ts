import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/env';

import {
  defaultMaterialSettings,
  defaultPrintEstimates,
  estimatePrint,
  fdmLayerHeights,
  fdmMotion,
  parseMaterialSettings,
  printMaterials,
  resinLayerHeights,
  resinMotion,
  type PrintQuantities,
} from './print-estimate';

/** Bands of a plausible closed solid: the volume of each within its height × a cross-section. */
const quantitiesArbitrary: fc.Arbitrary<PrintQuantities> = fc
  .array(
    fc.record({
      height: fc.double({ min: 0.05, max: 20, noNaN: true }),
      section: fc.double({ min: 0, max: 5000, noNaN: true }),
      perimeter: fc.double({ min: 0, max: 2000, noNaN: true }),
      up: fc.double({ min: 0, max: 5000, noNaN: true }),
      down: fc.double({ min: 0, max: 5000, noNaN: true }),
    }),
    { minLength: 1, maxLength: 64 },
  )
  .map((bands) => {
    const heightMm = bands.reduce((sum, b) => sum + b.height, 0);
    return {
      orientation: 'as_uploaded',
      heightMm,
      volumeMm3: bands.reduce((sum, b) => sum + b.height * b.section, 0),
      sliceStepMm: 0.1,
      bands: bands.map((b) => [b.height, b.height * b.section, b.height * b.perimeter, b.up, b.down]),
    };
  });

const fdmSettings = fc.record({
  material: fc.constantFrom('pla', 'petg', 'abs' as const),
  layerHeightMm: fc.constantFrom(...fdmLayerHeights),
  infillPercent: fc.integer({ min: 0, max: 100 }),
  walls: fc.integer({ min: 1, max: 6 }),
});

describe('estimatePrint', () => {
  it('mass never falls as the infill rises, and stays within the solid volume', () => {
    fc.assert(
      fc.property(quantitiesArbitrary, fdmSettings, fc.integer({ min: 0, max: 100 }), (q, settings, more) => {
        const lower = estimatePrint(q, settings);
        const higher = estimatePrint(q, {
          ...settings,
          infillPercent: Math.max(settings.infillPercent, more),
        });
        expect(higher.massG).toBeGreaterThanOrEqual(lower.massG - 1e-9);
        const solid = (q.volumeMm3 / 1000) * defaultMaterialSettings[settings.material].densityGPerCm3;
        expect(higher.massG).toBeLessThanOrEqual(solid * (1 + 1e-9) + 1e-9);
      }),
    );
  });

  it('time is at least the layer count × the minimum layer time; layers cover the height', () => {
    fc.assert(
      fc.property(quantitiesArbitrary, fdmSettings, (q, settings) => {
        const estimate = estimatePrint(q, settings);
        expect(estimate.seconds).toBeGreaterThanOrEqual(
          estimate.layers * fdmMotion.minLayerSeconds * (1 - 1e-9),
        );
        expect(estimate.layers * settings.layerHeightMm).toBeGreaterThanOrEqual(q.heightMm - 1e-6);
      }),
    );
  });

  it('cost is whole cents: the mass in kilograms × the price a kilogram, rounded', () => {
    fc.assert(
      fc.property(
        quantitiesArbitrary,
        fdmSettings,
        fc.integer({ min: 0, max: 100_000 }),
        (q, settings, price) => {
          const materials = {
            ...defaultMaterialSettings,
            [settings.material]: { densityGPerCm3: 1.2, priceCentsPerKg: price },
          };
          const estimate = estimatePrint(q, settings, materials);
          expect(Number.isSafeInteger(estimate.costCents)).toBe(true);
          expect(Math.abs(estimate.costCents - (estimate.massG / 1000) * price)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('filament length is the extruded volume over the 1.75 mm filament section', () => {
    fc.assert(
      fc.property(quantitiesArbitrary, fdmSettings, (q, settings) => {
        const e = estimatePrint(q, settings);
        const volume = (e.massG * 1000) / defaultMaterialSettings[settings.material].densityGPerCm3;
        expect(e.filamentLengthMm! * Math.PI * 0.875 ** 2).toBeCloseTo(volume, 3);
      }),
    );
  });

  it('resin: solid mass from the volume, time from the layers and exposures', () => {
    fc.assert(
      fc.property(quantitiesArbitrary, fc.constantFrom(...resinLayerHeights), (q, layerHeightMm) => {
        const e = estimatePrint(q, { material: 'resin', layerHeightMm, infillPercent: 15, walls: 2 });
        expect(e.massG).toBeCloseTo((q.volumeMm3 / 1000) * 1.1, 6);
        expect(e.filamentLengthMm).toBeNull();
        expect(e.seconds).toBeGreaterThanOrEqual(
          e.layers * (resinMotion.exposureSeconds + resinMotion.liftSeconds),
        );
      }),
    );
  });

  it('gives every material at the defaults', () => {
    const q: PrintQuantities = {
      orientation: 'as_uploaded',
      heightMm: 10,
      volumeMm3: 1000,
      sliceStepMm: 0.1,
      bands: [[10, 1000, 400, 100, 100]],
    };
    const { estimates } = defaultPrintEstimates(q);
    expect(estimates.map((e) => e.material)).toEqual([...printMaterials]);
    expect(estimates.find((e) => e.material === 'resin')).toMatchObject({ layerHeightMm: 0.05, layers: 200 });
    expect(estimates.find((e) => e.material === 'pla')).toMatchObject({
      layerHeightMm: 0.2,
      layers: 50,
      infillPercent: 15,
      walls: 2,
    });
  });
});

describe('parseMaterialSettings', () => {
  it('changes the materials named and keeps the defaults of the others', () => {
    expect(parseMaterialSettings('')).toEqual(defaultMaterialSettings);
    expect(parseMaterialSettings('pla=1.25:1999, resin=1.2:4000')).toEqual({
      ...defaultMaterialSettings,
      pla: { densityGPerCm3: 1.25, priceCentsPerKg: 1999 },
      resin: { densityGPerCm3: 1.2, priceCentsPerKg: 4000 },
    });
  });

  it('refuses anything else', () => {
    for (const text of [
      'nylon=1.1:3000',
      'pla=1.24',
      'pla=0:2000',
      'pla=1.2:-5',
      'pla=1.2:20.5',
      'pla:1.2=2000',
    ])
      expect(parseMaterialSettings(text), text).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseMaterialSettings(text);
        if (parsed) for (const m of printMaterials) expect(parsed[m].densityGPerCm3).toBeGreaterThan(0);
      }),
    );
  });

  it('PRINT_MATERIALS is refused at start exactly when the parser refuses it', () => {
    const accepted = (value: string) => {
      try {
        parseEnv({ PRINT_MATERIALS: value } as unknown as NodeJS.ProcessEnv);
        return true;
      } catch {
        return false;
      }
    };
    for (const text of [
      '',
      'pla=1.24:2000',
      'pla=1.24:2000, resin=1.1:3500',
      'pla=0:2000',
      'pla=0.0:5',
      'nylon=1:1',
      'pla=1.2',
      'abs=99.5:1',
    ])
      expect(accepted(text), text).toBe(parseMaterialSettings(text) !== null);
  });
});
