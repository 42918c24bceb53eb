import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { galleryOrders, galleryViews, parseGalleryQuery, type GalleryQuery } from '@/features/makes/api';
import { MakeGrid } from '@/features/makes/components/make-grid';
import { RenderGrid } from '@/features/makes/components/render-grid';
import styles from '@/features/makes/components/makes.module.css';
import { getMakesPage, getRendersPage } from '@/features/makes/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { localeOf } from '../route-params';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

function modelFilterOf(searchParams: SearchParams): number | undefined {
  const raw = Array.isArray(searchParams.model) ? searchParams.model[0] : searchParams.model;
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
}

/** The query of a view's URL: defaults left out, so each view has one address. */
function queryOf(query: Partial<GalleryQuery>, model?: number) {
  return {
    view: query.view && query.view !== galleryViews[0] ? query.view : null,
    sort: query.order && query.order !== galleryOrders[0] ? query.order : null,
    model: model ?? null,
  };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const query = parseGalleryQuery(await searchParams);
  const t = await getTranslations('makes.Gallery');
  const title = query.view === 'renders' ? `${t('viewRenders')} – ${t('title')}` : t('metaTitle');
  return {
    title,
    description: t('intro'),
    alternates: languageAlternates(locale, () => '/galleries'),
  };
}

/** The site's galleries (decision 0044): members' makes (newest or most liked) and designers' renders. */
export default async function GalleriesPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const raw = await searchParams;
  const query = parseGalleryQuery(raw);
  const model = query.view === 'makes' ? modelFilterOf(raw) : undefined;
  const t = await getTranslations('makes.Gallery');
  const href = (change: Partial<GalleryQuery>) =>
    localizedHref(
      locale,
      '/galleries',
      queryOf({ ...query, page: 1, ...change }, change.view ? undefined : model),
    );
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('intro')}</p>
      <div className={styles.controls}>
        <nav aria-label={t('viewsLabel')}>
          <ul className={styles.options}>
            {galleryViews.map((view) => (
              <li key={view}>
                <a
                  href={localizedHref(locale, '/galleries', queryOf({ view, order: query.order }))}
                  aria-current={view === query.view ? 'true' : undefined}
                >
                  {t(view === 'makes' ? 'viewMakes' : 'viewRenders')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('sortLabel')}>
          <ul className={styles.options}>
            {galleryOrders.map((order) => (
              <li key={order}>
                <a href={href({ order })} aria-current={order === query.order ? 'true' : undefined}>
                  {t(order === 'newest' ? 'newest' : 'mostLiked')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {query.view === 'makes' ? (
        <MakesView locale={locale} query={query} model={model} />
      ) : (
        <RendersView locale={locale} query={query} />
      )}
    </div>
  );
}

async function MakesView({ locale, query, model }: { locale: Locale; query: GalleryQuery; model?: number }) {
  const t = await getTranslations('makes.Gallery');
  const page = await getMakesPage({
    locale,
    filter: model === undefined ? {} : { modelId: model },
    order: query.order,
    page: query.page,
  });
  if (!page) notFound();
  const modelTitle = model !== undefined ? page.items[0]?.model.title : undefined;
  return (
    <section aria-labelledby="gallery-heading">
      <div className={styles.head}>
        <h2 id="gallery-heading">
          {modelTitle ? t('makesOfModel', { model: modelTitle }) : t('makesHeading', { count: page.total })}
        </h2>
        {model !== undefined && (
          <a href={localizedHref(locale, '/galleries', queryOf(query))}>{t('allMakes')}</a>
        )}
      </div>
      {page.items.length > 0 ? (
        <MakeGrid locale={locale} makes={page.items} />
      ) : (
        <p className={styles.empty}>{t('emptyMakes')}</p>
      )}
      <Pagination
        href="/galleries"
        query={queryOf(query, model)}
        page={page.page}
        pageCount={page.pageCount}
      />
    </section>
  );
}

async function RendersView({ locale, query }: { locale: Locale; query: GalleryQuery }) {
  const t = await getTranslations('makes.Gallery');
  const page = await getRendersPage({ locale, order: query.order, page: query.page });
  if (!page) notFound();
  return (
    <section aria-labelledby="gallery-heading">
      <div className={styles.head}>
        <h2 id="gallery-heading">{t('rendersHeading', { count: page.total })}</h2>
      </div>
      {page.items.length > 0 ? (
        <RenderGrid renders={page.items} />
      ) : (
        <p className={styles.empty}>{t('emptyRenders')}</p>
      )}
      <Pagination href="/galleries" query={queryOf(query)} page={page.page} pageCount={page.pageCount} />
    </section>
  );
}
