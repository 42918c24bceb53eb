'use client';

import { useState } from 'react';

import { fillTemplate } from '@/lib/template';
import { languageTags, type Locale } from '@/i18n/routing';

import type { ModelGeometryDto } from '../schemas';
import styles from './geometry-details.module.css';

const units = ['mm', 'cm', 'in', 'm'] as const;
type Unit = (typeof units)[number];
const millimetresPer: Record<Unit, number> = { mm: 1, cm: 10, in: 25.4, m: 1000 };

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
  const scale = millimetresPer[unit];
  const number = (value: number, digits: number) =>
    value.toLocaleString(languageTags[locale as Locale], { maximumFractionDigits: digits });
  const digits = (value: number) => (value >= 100 ? 1 : value >= 1 ? 2 : 4);
  const length = (mm: number) => number(mm / scale, digits(mm / scale));
  const volume = geometry.volumeMm3 === null ? null : geometry.volumeMm3 / scale ** 3;
  const area = geometry.thinWallAreaMm2 === null ? null : geometry.thinWallAreaMm2 / scale ** 2;
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
              {number(volume, digits(volume))} {unit}³
              {geometry.watertight === false && <span className={styles.note}> {labels.volumeEstimate}</span>}
            </dd>
          </>
        )}
        {geometry.sizeMm && (
          <>
            <dt>{labels.size}</dt>
            <dd data-testid="geometry-size">
              {geometry.sizeMm.map(length).join(' × ')} {unit}
            </dd>
          </>
        )}
        {geometry.thinWallShare !== null && area !== null && (
          <>
            <dt>{labels.thinWalls}</dt>
            <dd data-testid="geometry-thin-walls">
              {geometry.thinWallShare === 0
                ? labels.noThinWalls
                : fillTemplate(labels.thinWallsValue, {
                    area: `${number(area, digits(area))} ${unit}²`,
                    share: number(geometry.thinWallShare * 100, 1),
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
                    count: number(geometry.selfIntersections, 0),
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
