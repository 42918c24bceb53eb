'use client';

import { useId, useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { formatPrice } from '@/lib/money';
import { fillTemplate } from '@/lib/template';

import {
  defaultPrintSettings,
  defaultResinLayerHeightMm,
  estimatePrint,
  fdmLayerHeights,
  infillPercents,
  printMaterials,
  resinLayerHeights,
  wallCounts,
  type MaterialSettings,
  type PrintMaterial,
  type PrintQuantities,
  type PrintSettings,
} from '../print-estimate';
import styles from './print-estimate.module.css';

export type PrintEstimateLabels = Record<
  | 'material'
  | 'layerHeight'
  | 'infill'
  | 'walls'
  | 'resinNote'
  | 'mass'
  | 'filament'
  | 'cost'
  | 'time'
  | 'layers'
  /** Templates: {price} {density}; {hours} {minutes}; {minutes}. */
  | 'priceBasis'
  | 'hoursMinutes'
  | 'minutes',
  string
> & { materials: Record<PrintMaterial, string> };

/**
 * The print cost and time calculator (decision 0056): the buyer's material and settings, recomputed in
 * the browser from the quantities stored at analysis. Disabled until hydrated; the server's HTML shows
 * the default settings' figures.
 */
export function PrintEstimateCalculator({
  quantities,
  materials,
  languageTag,
  labels,
}: {
  quantities: PrintQuantities;
  materials: MaterialSettings;
  languageTag: string;
  labels: PrintEstimateLabels;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [settings, setSettings] = useState<PrintSettings>(defaultPrintSettings);
  const resin = settings.material === 'resin';
  const estimate = estimatePrint(quantities, settings, materials);
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(languageTag, { maximumFractionDigits: digits }).format(value);
  const minutesTotal = Math.max(1, Math.round(estimate.seconds / 60));
  const duration =
    minutesTotal >= 60
      ? fillTemplate(labels.hoursMinutes, {
          hours: number(Math.floor(minutesTotal / 60), 0),
          minutes: minutesTotal % 60,
        })
      : fillTemplate(labels.minutes, { minutes: minutesTotal });
  const material = materials[settings.material];
  const layerHeights: readonly number[] = resin ? resinLayerHeights : fdmLayerHeights;
  const chooseMaterial = (next: PrintMaterial) =>
    setSettings((current) => {
      const toResin = next === 'resin';
      const wasResin = current.material === 'resin';
      if (toResin === wasResin) return { ...current, material: next };
      return {
        ...current,
        material: next,
        layerHeightMm: toResin ? defaultResinLayerHeightMm : defaultPrintSettings.layerHeightMm,
      };
    });
  return (
    <div className={styles.calculator}>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={`${id}-material`}>{labels.material}</label>
          <select
            id={`${id}-material`}
            name="material"
            disabled={!hydrated}
            value={settings.material}
            onChange={(event) => chooseMaterial(event.target.value as PrintMaterial)}
          >
            {printMaterials.map((option) => (
              <option key={option} value={option}>
                {labels.materials[option]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-layerHeight`}>{labels.layerHeight}</label>
          <select
            id={`${id}-layerHeight`}
            name="layerHeight"
            disabled={!hydrated}
            value={settings.layerHeightMm}
            onChange={(event) => setSettings({ ...settings, layerHeightMm: Number(event.target.value) })}
          >
            {layerHeights.map((height) => (
              <option key={height} value={height}>
                {number(height, 3)} mm
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-infill`}>{labels.infill}</label>
          <select
            id={`${id}-infill`}
            name="infill"
            disabled={!hydrated || resin}
            value={settings.infillPercent}
            onChange={(event) => setSettings({ ...settings, infillPercent: Number(event.target.value) })}
          >
            {infillPercents.map((percent) => (
              <option key={percent} value={percent}>
                {number(percent, 0)} %
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-walls`}>{labels.walls}</label>
          <select
            id={`${id}-walls`}
            name="walls"
            disabled={!hydrated || resin}
            value={settings.walls}
            onChange={(event) => setSettings({ ...settings, walls: Number(event.target.value) })}
          >
            {wallCounts.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      </form>
      {resin && <p className={styles.note}>{labels.resinNote}</p>}
      <dl className={styles.figures} aria-live="polite">
        <dt>{labels.mass}</dt>
        <dd data-testid="print-estimate-mass">{number(estimate.massG, estimate.massG < 10 ? 1 : 0)} g</dd>
        {estimate.filamentLengthMm !== null && (
          <>
            <dt>{labels.filament}</dt>
            <dd data-testid="print-estimate-filament">{number(estimate.filamentLengthMm / 1000, 2)} m</dd>
          </>
        )}
        <dt>{labels.cost}</dt>
        <dd data-testid="print-estimate-cost">
          <span className={styles.value}>{formatPrice(estimate.costCents)}</span>
          <span className={styles.basis}>
            {fillTemplate(labels.priceBasis, {
              price: formatPrice(material.priceCentsPerKg),
              density: number(material.densityGPerCm3, 2),
            })}
          </span>
        </dd>
        <dt>{labels.time}</dt>
        <dd data-testid="print-estimate-time">{duration}</dd>
        <dt>{labels.layers}</dt>
        <dd data-testid="print-estimate-layers">{number(estimate.layers, 0)}</dd>
      </dl>
    </div>
  );
}
