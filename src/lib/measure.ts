/**
 * Lengths, areas and volumes of a model for people: the number in the visitor's language, then the
 * unit's international symbol ("56 000 mm³", "56.000 mm³", "56,000 mm³"). Intl formats the number;
 * it has no unit for areas or volumes, so all three use the same symbols, as the unit switch shows them.
 * Figures are stored in millimetres; one formatter for the model page and the studio alike.
 */
export const lengthUnits = ['mm', 'cm', 'in', 'm'] as const;
export type LengthUnit = (typeof lengthUnits)[number];

const millimetresPer: Record<LengthUnit, number> = { mm: 1, cm: 10, in: 25.4, m: 1000 };

/** Fewer decimals for larger numbers: 1234.5, 12.34, 0.1234. */
function fractionDigits(value: number): number {
  const size = Math.abs(value);
  return size >= 100 ? 1 : size >= 1 ? 2 : 4;
}

export function formatMeasureNumber(
  value: number,
  languageTag: string,
  maximumFractionDigits?: number,
): string {
  return new Intl.NumberFormat(languageTag, {
    maximumFractionDigits: maximumFractionDigits ?? fractionDigits(value),
  }).format(value);
}

/** A length given in mm, in `unit`: "12.5 mm". */
export function formatLength(mm: number, languageTag: string, unit: LengthUnit = 'mm'): string {
  return `${formatMeasureNumber(mm / millimetresPer[unit], languageTag)}\u00a0${unit}`;
}

/** A box's sides given in mm, the unit once at the end: "40 × 40 × 20 mm". */
export function formatDimensions(
  sidesMm: readonly number[],
  languageTag: string,
  unit: LengthUnit = 'mm',
): string {
  const scale = millimetresPer[unit];
  return `${sidesMm.map((mm) => formatMeasureNumber(mm / scale, languageTag)).join(' × ')}\u00a0${unit}`;
}

/** An area given in mm², in `unit`²: "3.2 cm²". */
export function formatArea(mm2: number, languageTag: string, unit: LengthUnit = 'mm'): string {
  return `${formatMeasureNumber(mm2 / millimetresPer[unit] ** 2, languageTag)}\u00a0${unit}²`;
}

/** A volume given in mm³, in `unit`³: "56,000 mm³". */
export function formatVolume(mm3: number, languageTag: string, unit: LengthUnit = 'mm'): string {
  return `${formatMeasureNumber(mm3 / millimetresPer[unit] ** 3, languageTag)}\u00a0${unit}³`;
}
