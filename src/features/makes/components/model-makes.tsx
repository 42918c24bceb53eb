import { getTranslations } from 'next-intl/server';

import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentVisitor } from '@/server/auth/visitor';

import { getMakesPage } from '../server/queries';
import { makeFormLabels } from './form-labels';
import { MakeGrid } from './make-grid';
import { MakeUploadForm } from './make-upload-form';
import styles from './makes.module.css';

/** How many makes the model page shows; the rest are a link away in the gallery. */
const shownOnModelPage = 8;

/** The model page's "Makes (N)": the newest makes, and the form to post one (or a link to log in). */
export async function ModelMakes({ locale, model }: { locale: Locale; model: { id: number; url: string } }) {
  const [t, visitor, page] = await Promise.all([
    getTranslations('makes.ModelMakes'),
    currentVisitor(),
    getMakesPage({
      locale,
      filter: { modelId: model.id },
      order: 'newest',
      page: 1,
      perPage: shownOnModelPage,
    }),
  ]);
  const total = page?.total ?? 0;
  return (
    <section
      className={`container ${styles.section}`}
      aria-labelledby="makes-heading"
      data-testid="model-makes"
    >
      <div className={styles.head}>
        <h2 id="makes-heading">{t('heading', { count: total })}</h2>
        {total > shownOnModelPage && (
          <a href={localizedHref(locale, '/galleries', { model: model.id })}>
            {t('seeAll', { count: total })}
          </a>
        )}
      </div>
      <p>{t('intro')}</p>
      {page && page.items.length > 0 ? (
        <MakeGrid locale={locale} makes={page.items} showModel={false} />
      ) : (
        <p className={styles.empty}>{t('empty')}</p>
      )}
      {visitor?.user ? (
        <MakeUploadForm
          modelId={model.id}
          makeHref={getPathname({
            locale,
            href: { pathname: '/galleries/makes/[id]', params: { id: 'MAKE_ID' } },
          })}
          labels={await makeFormLabels()}
        />
      ) : (
        <p>
          {t('logInPrompt')} <a href={localizedHref(locale, '/login', { next: model.url })}>{t('logIn')}</a>
        </p>
      )}
    </section>
  );
}
