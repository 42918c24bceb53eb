'use client';

import { useState } from 'react';

import { fillTemplate } from '@/lib/template';
import { languageTags, type Locale } from '@/i18n/routing';
import {
  formatArea,
  formatDimensions,
  formatMeasureNumber,
  formatVolume,
  lengthUnits as units,
  type LengthUnit as Unit,
} from '@/lib/measure';

import type { ModelGeometryDto } from '../schemas';
import styles from './geometry-details.module.css';

export type GeometryLabels = Record<
  | 'heading'
  | 'unit'
  | 'volume'
  | 'size'
  | 'thinWalls'
  | 'thinWallsValue'
  | 'noThinWalls'
  | 'selfIntersections'
  | 'noSelfIntersections'
  | 'selfIntersectionsFound'
  | 'watertight'
  | 'watertightYes'
  | 'watertightNo'
  | 'volumeEstimate'
  | 'declaredUnit',
  string
>;

/**
 * Spec §2/§3 geometry details: volume, bounding box, thin walls (under 0.2 mm) and the self-intersection
 * check, in the unit the buyer picks (mm by default; figures are stored in mm).
 */
export function GeometryDetails({
  geometry,
  locale,
  labels,
}: {
  geometry: ModelGeometryDto;
  locale: string;
  labels: GeometryLabels;
}) {
  const [unit, setUnit] = useState<Unit>('mm');
  const tag = languageTags[locale as Locale];
  const volume = geometry.volumeMm3;
  const area = geometry.thinWallAreaMm2;
  return (
    <section className={styles.panel} aria-labelledby="geometry-heading">
      <div className={styles.head}>
        <h2 id="geometry-heading">{labels.heading}</h2>
        <fieldset className={styles.units}>
          <legend className="visually-hidden">{labels.unit}</legend>
          {units.map((u) => (
            <label key={u} className={u === unit ? styles.active : undefined}>
              <input
                type="radio"
                name="geometry-unit"
                value={u}
                checked={u === unit}
                onChange={() => setUnit(u)}
              />
              {u}
            </label>
          ))}
        </fieldset>
      </div>
      <dl className={styles.figures}>
        {volume !== null && (
          <>
            <dt>{labels.volume}</dt>
            <dd data-testid="geometry-volume">
              {formatVolume(volume, tag, unit)}
              {geometry.watertight === false && <span className={styles.note}> {labels.volumeEstimate}</span>}
            </dd>
          </>
        )}
        {geometry.sizeMm && (
          <>
            <dt>{labels.size}</dt>
            <dd data-testid="geometry-size">{formatDimensions(geometry.sizeMm, tag, unit)}</dd>
          </>
        )}
        {geometry.thinWallShare !== null && area !== null && (
          <>
            <dt>{labels.thinWalls}</dt>
            <dd data-testid="geometry-thin-walls">
              {geometry.thinWallShare === 0
                ? labels.noThinWalls
                : fillTemplate(labels.thinWallsValue, {
                    area: formatArea(area, tag, unit),
                    share: formatMeasureNumber(geometry.thinWallShare * 100, tag, 1),
                  })}
            </dd>
          </>
        )}
        {geometry.selfIntersections !== null && (
          <>
            <dt>{labels.selfIntersections}</dt>
            <dd>
              {geometry.selfIntersections === 0
                ? labels.noSelfIntersections
                : fillTemplate(labels.selfIntersectionsFound, {
                    count: formatMeasureNumber(geometry.selfIntersections, tag, 0),
                  })}
            </dd>
          </>
        )}
        {geometry.watertight !== null && (
          <>
            <dt>{labels.watertight}</dt>
            <dd>{geometry.watertight ? labels.watertightYes : labels.watertightNo}</dd>
          </>
        )}
      </dl>
      <p className={styles.note}>{fillTemplate(labels.declaredUnit, { unit: geometry.unit })}</p>
    </section>
  );
}
