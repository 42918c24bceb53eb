import { getTranslations } from 'next-intl/server';
import { Fragment } from 'react';

import { formatArea, formatDimensions, formatLength, formatMeasureNumber } from '@/lib/measure';

import type { OrientationName, PrintabilityReport as Report, Verdict } from '../printability';
import { maxThinWallShare, wallRules } from '../printability';
import styles from './printability-report.module.css';

const verdictClass: Record<Verdict, string> = { pass: styles.pass!, warn: styles.warn!, fail: styles.fail! };
const verdictMark: Record<Verdict, string> = { pass: '✓', warn: '!', fail: '✕' };
const fitClass = { recommended: styles.fitRecommended, other: styles.fitOther, no: styles.fitNo };

/**
 * The printability report (issue 27, decision 0052) of one analysed mesh file: overhangs as uploaded
 * and in the recommended orientation, the support estimate, the wall verdicts for FDM and resin with
 * their rules, and the printers of the table the model fits on at 100 %. The model page and the
 * studio show it; the figures come stored with the file's analysis.
 */
export async function PrintabilityReport({
  report,
  fileName,
  languageTag,
  headingId = 'printability-heading',
}: {
  report: Report;
  fileName: string;
  /** BCP 47 tag of the page's language. */
  languageTag: string;
  headingId?: string;
}) {
  const t = await getTranslations('printability');
  const { overhangs, walls, fits } = report;
  const area = (mm2: number) => formatArea(mm2, languageTag, mm2 >= 100 ? 'cm' : 'mm');
  const percent = (share: number) => formatMeasureNumber(share * 100, languageTag, 1);
  const orientation = (name: OrientationName) => t(`orientation.${name}`);
  const recommended = overhangs.recommended;
  const fitting = fits.filter((f) => f.fit === 'recommended').length;
  const ruleValues = (process: 'fdm' | 'resin') => ({
    warn: formatLength(wallRules[process].warnBelowMm, languageTag),
    fail: formatLength(wallRules[process].failBelowMm, languageTag),
    share: formatMeasureNumber(maxThinWallShare * 100, languageTag),
    thin: formatLength(walls?.thinWallThresholdMm ?? 0.2, languageTag),
  });
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="printability">
      <h2 id={headingId}>{t('heading')}</h2>
      <p className={styles.note}>
        {t('intro', { file: fileName, angle: formatMeasureNumber(overhangs.thresholdDeg, languageTag) })}
      </p>
      <dl className={styles.figures}>
        <dt>{t('overhangsAsUploaded')}</dt>
        <dd data-testid="printability-overhangs">
          {t('overhangValue', {
            area: area(overhangs.asUploaded.overhangAreaMm2),
            share: percent(overhangs.asUploaded.overhangShare),
          })}
        </dd>
        <dt>{t('recommended')}</dt>
        <dd data-testid="printability-recommended">
          <span className={styles.sentence}>
            {t('recommendedValue', {
              orientation: orientation(recommended.orientation),
              area: area(recommended.overhangAreaMm2),
              share: percent(recommended.overhangShare),
            })}
          </span>
          <span className={styles.rule}>{formatDimensions(recommended.sizeMm, languageTag)}</span>
        </dd>
        <dt>{t('support')}</dt>
        <dd data-testid="printability-support">
          {recommended.supportAreaMm2 > 0
            ? t('supportValue', { area: area(recommended.supportAreaMm2) })
            : t('noSupport')}
        </dd>
        {walls && (
          <>
            <dt>{t('smallestFeature')}</dt>
            <dd data-testid="printability-smallest-feature">
              {walls.smallestFeatureMm === null
                ? t('smallestFeatureAtLeast', { size: formatLength(walls.probeMm, languageTag) })
                : t('smallestFeatureValue', { size: formatLength(walls.smallestFeatureMm, languageTag) })}
            </dd>
            <dt>{t('thinWalls', { threshold: formatLength(walls.thinWallThresholdMm, languageTag) })}</dt>
            <dd>{t('thinWallsValue', { share: percent(walls.thinWallShare) })}</dd>
            {(['fdm', 'resin'] as const).map((process) => (
              <Fragment key={process}>
                <dt>{t(`process.${process}`)}</dt>
                <dd data-testid={`printability-${process}`}>
                  <span className={`${styles.verdict} ${verdictClass[walls[process]]}`}>
                    <span aria-hidden="true">{verdictMark[walls[process]]} </span>
                    {t(`verdict.${walls[process]}`)}
                  </span>
                  <span className={styles.rule}>{t(`rule.${process}`, ruleValues(process))}</span>
                </dd>
              </Fragment>
            ))}
          </>
        )}
      </dl>
      <h3>{t('fitsHeading')}</h3>
      <p className={styles.note} data-testid="printability-fits-summary">
        {t('fitsSummary', { count: fitting, total: fits.length })} {t('fitsRule')}
      </p>
      <ul className={styles.printers}>
        {fits.map((printer) => (
          <li key={printer.printerId} data-testid="printability-printer" data-fit={printer.fit}>
            <span className={styles.printer}>
              <a href={printer.source} rel="nofollow noopener noreferrer">
                {printer.name}
              </a>
              <span className={styles.volume}>
                {t(`technology.${printer.technology}`)} ·{' '}
                {formatDimensions(printer.buildVolumeMm, languageTag)}
              </span>
            </span>
            <span className={`${styles.fit} ${fitClass[printer.fit]}`}>
              {printer.fit === 'other'
                ? t('fit.other', { orientation: orientation(printer.orientation!) })
                : t(`fit.${printer.fit}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
