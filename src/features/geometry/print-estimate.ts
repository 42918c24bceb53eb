/**
 * The print cost and time estimate (issue 27, decision 0056): from the quantities measured at analysis
 * (print-estimate-slices.ts) and the buyer's material and settings, the mass, filament length, cost and
 * print time. Pure, isomorphic, free of zod and small: the model page's calculator runs it in the
 * browser.
 */
import type { OrientationName } from './printability';

/**
 * What the motion model needs of a mesh, in the recommended orientation, in millimetres. The mesh is
 * sliced every `sliceStepMm`; the slices are summed into at most 64 bands of equal height, each
 * `[heightMm, volumeMm3, perimeterMm2, upMm2, downMm2]`: its height, the sum of its slices'
 * cross-section areas and perimeters times the step (so a perimeter sum per layer is
 * `perimeterMm2 / layer height`), and the area of its faces looking up and looking down projected onto
 * the plate (the top skins lie under the first, the bottom skins over the second).
 */
export interface PrintQuantities {
  orientation: OrientationName;
  heightMm: number;
  volumeMm3: number;
  sliceStepMm: number;
  bands: [number, number, number, number, number][];
}

export const printMaterials = ['pla', 'petg', 'abs', 'resin'] as const;
export type PrintMaterial = (typeof printMaterials)[number];

export interface MaterialSetting {
  densityGPerCm3: number;
  /** Integer cents (US dollars, as every price of the site) per kilogram. */
  priceCentsPerKg: number;
}
export type MaterialSettings = Record<PrintMaterial, MaterialSetting>;

/**
 * Defaults (decision 0056): typical densities from filament makers' data sheets and a resin's typical
 * 1.1 g/ml; typical 1 kg spool and bottle prices. PRINT_MATERIALS changes them (parseMaterialSettings).
 */
export const defaultMaterialSettings: MaterialSettings = {
  pla: { densityGPerCm3: 1.24, priceCentsPerKg: 2000 },
  petg: { densityGPerCm3: 1.27, priceCentsPerKg: 2200 },
  abs: { densityGPerCm3: 1.04, priceCentsPerKg: 2000 },
  resin: { densityGPerCm3: 1.1, priceCentsPerKg: 3500 },
};

export interface PrintSettings {
  material: PrintMaterial;
  layerHeightMm: number;
  /** 0..100; ignored for resin (printed solid). */
  infillPercent: number;
  /** Perimeter loops; ignored for resin. */
  walls: number;
}

export const fdmLayerHeights = [0.1, 0.15, 0.2, 0.25, 0.3] as const;
export const resinLayerHeights = [0.025, 0.05, 0.1] as const;
export const wallCounts = [1, 2, 3, 4, 5, 6] as const;
export const infillPercents = [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100] as const;
export const defaultPrintSettings: PrintSettings = {
  material: 'pla',
  layerHeightMm: 0.2,
  infillPercent: 15,
  walls: 2,
};
export const defaultResinLayerHeightMm = 0.05;

/**
 * The FDM motion model (decision 0056): a 0.4 mm nozzle laying 0.45 mm lines of 1.75 mm filament;
 * walls at 45 mm/s, solid skin at 60, sparse infill at 80; 4 solid layers under every top and over
 * every bottom surface. Travel, acceleration and seams are an allowance on the extrusion time plus a
 * fixed time a layer; a layer takes at least `minLayerSeconds` (the slicer slows down to cool it).
 * `motionAllowance` and `layerSeconds` were fitted to PrusaSlicer on the shared meshes (BENCHMARKS.md).
 */
export const fdmMotion = {
  lineWidthMm: 0.45,
  filamentDiameterMm: 1.75,
  wallMmPerS: 45,
  skinMmPerS: 60,
  infillMmPerS: 80,
  solidLayers: 4,
  motionAllowance: 0.25,
  layerSeconds: 1.5,
  minLayerSeconds: 5,
} as const;

/** Resin (MSLA): every layer exposed whole; the first layers longer, to stick to the plate. */
export const resinMotion = {
  exposureSeconds: 2.5,
  bottomLayers: 5,
  bottomExposureSeconds: 25,
  liftSeconds: 6,
} as const;

export interface PrintEstimate {
  layers: number;
  massG: number;
  /** Null for resin. */
  filamentLengthMm: number | null;
  costCents: number;
  seconds: number;
}

export function estimatePrint(
  quantities: PrintQuantities,
  settings: PrintSettings,
  materials: MaterialSettings = defaultMaterialSettings,
): PrintEstimate {
  const material = materials[settings.material];
  const layerHeight = settings.layerHeightMm;
  if (!(layerHeight > 0)) throw new RangeError('layerHeightMm must be positive');
  const layers = quantities.heightMm > 0 ? Math.ceil(quantities.heightMm / layerHeight - 1e-9) : 0;
  const cost = (massG: number) => Math.round((massG / 1000) * material.priceCentsPerKg);
  if (settings.material === 'resin') {
    const massG = (quantities.volumeMm3 / 1000) * material.densityGPerCm3;
    const bottom = Math.min(layers, resinMotion.bottomLayers);
    const seconds =
      bottom * resinMotion.bottomExposureSeconds +
      (layers - bottom) * resinMotion.exposureSeconds +
      layers * resinMotion.liftSeconds;
    return { layers, massG, filamentLengthMm: null, costCents: cost(massG), seconds };
  }
  const m = fdmMotion;
  const infill = Math.min(1, Math.max(0, settings.infillPercent / 100));
  const wallWidth = Math.max(0, settings.walls) * m.lineWidthMm;
  const skinThickness = m.solidLayers * layerHeight;
  const lineSection = m.lineWidthMm * layerHeight;
  const bands = quantities.bands;
  const walls = bands.map(([, bandVolume, perimeter]) => Math.min(bandVolume, perimeter * wallWidth));
  const free = bands.map(([, bandVolume], b) => bandVolume - walls[b]!);
  const skins = bands.map(() => 0);
  // A skin is `skinThickness` deep: under a top surface, over a bottom one. Bands may be thinner than
  // that, so what a band cannot hold goes on into the next ones, until that depth is passed.
  const spread = (order: number[], column: 3 | 4) => {
    let pending = 0;
    let depthLeft = 0;
    for (const b of order) {
      const area = bands[b]![column];
      if (area > 0) {
        pending += area * skinThickness;
        depthLeft = skinThickness;
      }
      const taken = Math.min(free[b]!, pending);
      skins[b]! += taken;
      free[b]! -= taken;
      pending -= taken;
      depthLeft -= bands[b]![0];
      if (depthLeft <= 0) pending = 0;
    }
  };
  const upward = bands.map((_, b) => b);
  spread([...upward].reverse(), 3);
  spread(upward, 4);
  let volume = 0;
  let seconds = 0;
  bands.forEach(([height], b) => {
    const wall = walls[b]!;
    const skin = skins[b]!;
    const sparse = free[b]! * infill;
    volume += wall + skin + sparse;
    const extruding = (wall / m.wallMmPerS + skin / m.skinMmPerS + sparse / m.infillMmPerS) / lineSection;
    const bandLayers = quantities.heightMm > 0 ? (layers * height) / quantities.heightMm : 0;
    seconds += Math.max(
      extruding * (1 + m.motionAllowance) + bandLayers * m.layerSeconds,
      bandLayers * m.minLayerSeconds,
    );
  });
  const massG = (volume / 1000) * material.densityGPerCm3;
  const filamentSection = Math.PI * (m.filamentDiameterMm / 2) ** 2;
  return { layers, massG, filamentLengthMm: volume / filamentSection, costCents: cost(massG), seconds };
}

/**
 * `PRINT_MATERIALS`, e.g. `pla=1.24:2000,resin=1.1:3500`: for any of the materials, its density in
 * g/cm³ and its price in cents a kilogram; the others keep their defaults. Null when malformed.
 */
export function parseMaterialSettings(text: string): MaterialSettings | null {
  const settings: MaterialSettings = { ...defaultMaterialSettings };
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const match = /^\s*([a-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*:\s*(\d+)\s*$/.exec(part);
    if (!match || !(printMaterials as readonly string[]).includes(match[1]!)) return null;
    const density = Number(match[2]);
    const price = Number(match[3]);
    if (!(density > 0 && density < 100) || !Number.isSafeInteger(price)) return null;
    settings[match[1] as PrintMaterial] = { densityGPerCm3: density, priceCentsPerKg: price };
  }
  return settings;
}

/** The stored quantities of a file's analysis, or null when it was analysed before they existed. */
export function storedPrintQuantities(analysis: unknown): PrintQuantities | null {
  if (!analysis || typeof analysis !== 'object') return null;
  const quantities = (analysis as { printQuantities?: PrintQuantities }).printQuantities;
  return quantities && Array.isArray(quantities.bands) ? quantities : null;
}

/**
 * The estimate for each material at the default settings (resin at its default layer height), as the
 * JSON API and `mesh:analyze --json` give it.
 */
export function defaultPrintEstimates(
  quantities: PrintQuantities,
  materials: MaterialSettings = defaultMaterialSettings,
) {
  const settingsFor = (material: PrintMaterial): PrintSettings =>
    material === 'resin'
      ? { material, layerHeightMm: defaultResinLayerHeightMm, infillPercent: 100, walls: 0 }
      : { ...defaultPrintSettings, material };
  return {
    materials,
    estimates: printMaterials.map((material) => {
      const settings = settingsFor(material);
      return { ...settings, ...estimatePrint(quantities, settings, materials) };
    }),
  };
}
