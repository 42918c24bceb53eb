import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { WideOpenDetails } from '@/components/ui/wide-open-details';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { skillLevels, softwareSlug, tutorialSoftware } from '../tutorial-fields';
import type { TutorialFilters } from '../tutorial-listing';
import styles from './tutorials.module.css';

/**
 * The index's filters as a GET form (every choice is a URL; it works without scripts): software with
 * its count of published tutorials (software nobody wrote about yet is left out) and skill level.
 */
export async function TutorialFilterPanel({
  filters,
  locale,
  softwareCounts,
}: {
  filters: TutorialFilters;
  locale: Locale;
  softwareCounts: Record<string, number>;
}) {
  const [t, skills] = await Promise.all([
    getTranslations('tutorials.Index'),
    getTranslations('tutorials.Skill'),
  ]);
  const action = localizedHref(locale, '/tutorials');
  const active = filters.software.length > 0 || filters.skills.length > 0;
  const software = tutorialSoftware.filter(
    (name) => (softwareCounts[name] ?? 0) > 0 || filters.software.includes(name),
  );
  return (
    <aside className={styles.filters} aria-labelledby="tutorial-filters-title">
      <WideOpenDetails open={active ? true : undefined}>
        <summary className={styles.filtersSummary}>
          <h2 id="tutorial-filters-title" className={styles.filtersTitle}>
            {t('filters')}
          </h2>
        </summary>
        <FilterForm action={action} className={styles.filtersForm} aria-labelledby="tutorial-filters-title">
          {filters.sort !== 'newest' ? <input type="hidden" name="sort" value={filters.sort} /> : null}
          <fieldset className={styles.group}>
            <legend>{t('software')}</legend>
            <ul className={styles.options}>
              {software.map((name) => (
                <li key={name}>
                  <label className={styles.option}>
                    <input
                      type="checkbox"
                      name="software"
                      value={softwareSlug(name)}
                      defaultChecked={filters.software.includes(name)}
                    />
                    <span>{name}</span>
                    <span className={styles.optionCount}>{softwareCounts[name] ?? 0}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('skill')}</legend>
            <ul className={styles.options}>
              {skillLevels.map((level) => (
                <li key={level}>
                  <label className={styles.option}>
                    <input
                      type="checkbox"
                      name="skill"
                      value={level}
                      defaultChecked={filters.skills.includes(level)}
                    />
                    <span>{skills(level)}</span>
                  </label>
                </li>
              ))}
            </ul>
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
