import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { WideOpenDetails } from '@/components/ui/wide-open-details';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { boardStatuses, projectSkills, type BoardFilters } from '../project-schemas';
import styles from './board.module.css';

const dollars = (cents: number | null) =>
  cents === null ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/**
 * The board's filters as a GET form (every choice is a URL, and it works without scripts): skills,
 * software, budget range and status; the sort is kept; applying goes back to page 1.
 */
export async function BoardFilterPanel({
  filters,
  locale,
  skillLabels,
}: {
  filters: BoardFilters;
  locale: Locale;
  skillLabels: Record<string, string>;
}) {
  const t = await getTranslations('freelance.Board');
  const action = localizedHref(locale, '/3d-modeling-jobs');
  const active =
    filters.skills.length > 0 ||
    filters.software !== '' ||
    filters.budgetMinCents !== null ||
    filters.budgetMaxCents !== null ||
    filters.status !== 'open';
  return (
    <aside className={styles.filters} aria-labelledby="board-filters-title">
      <WideOpenDetails open={active ? true : undefined}>
        <summary className={styles.filtersSummary}>
          <h2 id="board-filters-title" className={styles.filtersTitle}>
            {t('filters')}
          </h2>
        </summary>
        <FilterForm action={action} className={styles.filtersForm} aria-labelledby="board-filters-title">
          {filters.sort !== 'newest' ? <input type="hidden" name="sort" value={filters.sort} /> : null}
          <fieldset className={styles.group}>
            <legend>{t('status')}</legend>
            <ul className={styles.options}>
              {boardStatuses.map((status) => (
                <li key={status}>
                  <label className={styles.option}>
                    <input
                      type="radio"
                      name="status"
                      value={status}
                      defaultChecked={filters.status === status}
                    />
                    {t(`statuses.${status}`)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('skills')}</legend>
            <ul className={styles.options}>
              {projectSkills.map((skill) => (
                <li key={skill}>
                  <label className={styles.option}>
                    <input
                      type="checkbox"
                      name="skills"
                      value={skill}
                      defaultChecked={filters.skills.includes(skill)}
                    />
                    {skillLabels[skill] ?? skill}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className={styles.group}>
            <label className={styles.textField}>
              <span className={styles.fieldLabel}>{t('software')}</span>
              <input type="search" name="software" defaultValue={filters.software} maxLength={40} />
            </label>
          </div>
          <fieldset className={styles.group}>
            <legend>{t('budget')}</legend>
            <div className={styles.range}>
              <label className={styles.textField}>
                <span>{t('budgetMin')}</span>
                <input
                  type="number"
                  name="budget_min"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  defaultValue={dollars(filters.budgetMinCents)}
                />
              </label>
              <label className={styles.textField}>
                <span>{t('budgetMax')}</span>
                <input
                  type="number"
                  name="budget_max"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  defaultValue={dollars(filters.budgetMaxCents)}
                />
              </label>
            </div>
          </fieldset>
          <div className={styles.filterActions}>
            <button type="submit" className="button">
              {t('apply')}
            </button>
            {active ? <a href={action}>{t('clear')}</a> : null}
          </div>
        </FilterForm>
      </WideOpenDetails>
    </aside>
  );
}
