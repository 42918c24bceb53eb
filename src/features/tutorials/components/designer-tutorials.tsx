import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { TutorialCard } from '../server/queries';
import { TutorialCards } from './tutorial-cards';
import styles from './tutorials.module.css';

/** A designer profile's tutorials tab: their published tutorials; on one's own profile, drafts too and a way to write one. */
export async function DesignerTutorials({
  tutorials,
  username,
  locale,
  own,
}: {
  tutorials: TutorialCard[];
  username: string;
  locale: Locale;
  own: boolean;
}) {
  const t = await getTranslations('tutorials.Profile');
  const published = tutorials.filter((tutorial) => tutorial.status === 'published').length;
  return (
    <section aria-labelledby="tutorials-heading" className={styles.profileTab}>
      <div className={styles.header}>
        <h2 id="tutorials-heading" className={styles.sectionTitle}>
          {t('heading', { count: published })}
        </h2>
        {own ? (
          <a className="button" href={localizedHref(locale, '/tutorials/new')}>
            {t('write')}
          </a>
        ) : null}
      </div>
      {tutorials.length === 0 ? (
        <p className={styles.empty}>{own ? t('emptyOwn') : t('empty', { username })}</p>
      ) : (
        <TutorialCards tutorials={tutorials} locale={locale} headingLevel={3} showAuthor={false} />
      )}
    </section>
  );
}
