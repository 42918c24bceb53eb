import type { ReactNode } from 'react';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { formatFileSize } from '@/lib/file-size';
import { integerGroupingOf } from '@/lib/integer-format';
import { formatPrice } from '@/lib/money';
import { languageTags, type Locale } from '@/i18n/routing';

import type { ModelDetailDto } from '../schemas';
import { categoryHref } from './category-nav';
import { CustomLicenceTerms } from './custom-licence-terms';
import { GeometryDetails } from './geometry-details';
import { ModelActions, type ModelActionLabels } from './model-actions';
import styles from './model-detail-view.module.css';

/** Formats whose files CGT Standard verification covers (spec §2). */
const cgtFormats = ['fbx', 'stl'];

/**
 * The model item page (spec §2, §3, §9): pictures or the 3D view, price, badges, like/views/share, the
 * model's facts, licence terms, geometry with a unit switch, tags. The page composes what other
 * features own into the slots: the viewer, the designer's card, the support form, related models.
 */
export async function ModelDetailView({
  model,
  liked,
  pageUrl,
  media,
  purchase,
  designer,
  support,
  ratings,
  related,
  printability,
}: {
  model: ModelDetailDto;
  /** Whether the signed-in visitor likes the model; null for a guest. */
  liked: boolean | null;
  /** The page's absolute URL, for sharing. */
  pageUrl: string;
  /** The 3D viewer over the first picture, when the model has a mesh to show. */
  media?: ReactNode;
  /** Add to cart and wishlist, or the link to the purchase (the cart feature's). */
  purchase?: ReactNode;
  designer: ReactNode;
  support: ReactNode;
  /** The community ratings and reviews (the ratings feature's). */
  ratings?: ReactNode;
  related: ReactNode;
  /** The printability report of the model's mesh (the geometry feature's), once analysed. */
  printability?: ReactNode;
}) {
  const t = await getTranslations('catalog');
  const social = await getTranslations('social.Likes');
  const locale = await getLocale();
  const format = await getFormatter();
  const image = model.images[0] ?? model.primaryImage;
  const listingHref = model.productType === 'print' ? '/3d-print-models' : '/3d-models';
  const actionLabels: ModelActionLabels = {
    like: t('ModelPage.like'),
    logInToLike: t('ModelPage.logInToLike'),
    likeFailed: social('failed'),
    likeRateLimited: social('rateLimited'),
    likes: t('ModelPage.likesCount'),
    views: t('ModelPage.viewsCount'),
    share: t('ModelPage.share'),
    shareHint: t('ModelPage.shareHint'),
    copyLink: t('ModelPage.copyLink'),
    linkCopied: t('ModelPage.linkCopied'),
    copyFailed: t('ModelPage.copyFailed'),
    shareOnX: t('ModelPage.shareOnX'),
    shareOnFacebook: t('ModelPage.shareOnFacebook'),
    shareOnPinterest: t('ModelPage.shareOnPinterest'),
    shareByEmail: t('ModelPage.shareByEmail'),
  };
  const sizes = new Map(model.files.map((file) => [file.format, file.sizeBytes]));
  const verifiedFormats = model.cgtStandardVerified
    ? model.formats.filter((f) => cgtFormats.includes(f)).map((f) => f.toUpperCase())
    : [];
  const onSale = model.percentage > 0;
  return (
    <article className={`container ${styles.page}`}>
      <nav className={styles.breadcrumb} aria-label={t('ModelPage.breadcrumb')}>
        <a href={localizedHref(locale, listingHref)}>
          {model.productType === 'print' ? t('ListingPage.printModelsTitle') : t('ListingPage.modelsTitle')}
        </a>
        <span aria-hidden="true"> › </span>
        <a href={localizedHref(locale, categoryHref(model.productType, model.categoryPath))}>
          {model.categoryTitle}
        </a>
      </nav>
      <div className={styles.layout}>
        <div className={styles.media}>
          {media ?? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes="(max-width: 963px) 100vw, 720px"
              width={image.width}
              height={image.height}
              alt={model.title}
              fetchPriority="high"
            />
          )}
          {model.images.length > 1 && (
            <ul className={styles.thumbnails} aria-label={t('ModelPage.gallery')}>
              {model.images.map((picture, n) => (
                <li key={picture.src}>
                  <a href={picture.src}>
                    <img
                      src={picture.src}
                      srcSet={picture.srcSet}
                      sizes="120px"
                      width={120}
                      height={90}
                      alt={t('ModelPage.picture', { number: n + 1, title: model.title })}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.info}>
          <h1>{model.title}</h1>
          <p className={styles.price} data-testid="model-price">
            {model.finalPrice === 0 ? (
              <strong>{t('ModelCard.free')}</strong>
            ) : (
              <>
                <strong>{formatPrice(model.finalPrice)}</strong>
                {onSale && (
                  <>
                    <s>
                      <span className="visually-hidden">
                        {t('ModelCard.originalPrice', { price: formatPrice(model.price) })}
                      </span>
                      <span aria-hidden="true">{formatPrice(model.price)}</span>
                    </s>
                    <span className={styles.saleBadge}>{t('ModelPage.sale')}</span>
                    <span className={styles.discount}>
                      {t('ModelCard.discount', { percentage: model.percentage })}
                    </span>
                  </>
                )}
              </>
            )}
          </p>
          {onSale && model.saleEndsAt && (
            <p className={styles.saleEnds}>
              {t('ModelPage.saleEnds', {
                // Intl does not know the URL's key 'jp': format with the language tag.
                date: new Intl.DateTimeFormat(languageTags[locale as Locale], { dateStyle: 'long' }).format(
                  new Date(model.saleEndsAt),
                ),
              })}
            </p>
          )}
          <p className={styles.vat}>{t('ModelPage.pricesExcludeVat')}</p>
          {purchase}
          {model.badges.length > 0 && (
            <ul className={styles.badges} aria-label={t('ModelPage.badges')}>
              {model.badges.map((badge) => (
                <li key={badge} data-badge={badge}>
                  {t(`Badge.${badge}`)}
                </li>
              ))}
            </ul>
          )}
          <ModelActions
            modelId={model.id}
            likes={model.likes}
            liked={liked}
            logInHref={localizedHref(locale, '/login', { next: model.url })}
            views={model.views}
            url={pageUrl}
            title={model.title}
            imageUrl={new URL(image.src, pageUrl).toString()}
            grouping={integerGroupingOf(languageTags[locale as Locale])}
            labels={actionLabels}
          />
          {designer}
          <dl className={styles.facts}>
            <dt>{t('ModelPage.type')}</dt>
            <dd>{model.productType === 'print' ? t('ModelPage.typePrint') : t('ModelPage.typeModel')}</dd>
            <dt>{t('ModelPage.formats')}</dt>
            <dd>
              <ul className={styles.formats}>
                {model.formats.map((f) => {
                  const size = sizes.get(f);
                  return (
                    <li key={f}>
                      {f.toUpperCase()}
                      {size !== undefined && (
                        <span className={styles.size}>
                          {' '}
                          ({formatFileSize(size, languageTags[locale as Locale])})
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </dd>
            {model.polyCount !== null && (
              <>
                <dt>{t('ModelPage.polyCount')}</dt>
                <dd>{format.number(model.polyCount)}</dd>
              </>
            )}
            {model.vertexCount !== null && (
              <>
                <dt>{t('ModelPage.vertexCount')}</dt>
                <dd>{format.number(model.vertexCount)}</dd>
              </>
            )}
            <dt>{t('ModelPage.licence')}</dt>
            <dd>
              <strong>{t(`Licence.${model.licence}`)}</strong>
              <span className={styles.terms} data-testid="licence-terms">
                {t(`LicenceTerms.${model.licence}`)}
              </span>
              {model.licenceTerms ? <CustomLicenceTerms terms={model.licenceTerms} /> : null}
            </dd>
            {verifiedFormats.length > 0 && (
              <>
                <dt>{t('ModelPage.cgtStandard')}</dt>
                <dd data-testid="cgt-standard">
                  {t('ModelPage.cgtVerified', { formats: verifiedFormats.join(', ') })}
                </dd>
              </>
            )}
            <dt>{t('ModelPage.reviewStatus')}</dt>
            <dd data-testid="review-status">
              {model.reviewStatus === 'reviewed'
                ? model.reviewScore !== null
                  ? t('ModelPage.reviewedWithScore', { score: model.reviewScore })
                  : t('ModelPage.reviewed')
                : t('ModelPage.notReviewed')}
            </dd>
          </dl>
        </div>
      </div>
      <section className={styles.section} aria-labelledby="description-heading">
        <h2 id="description-heading" className={styles.subheading}>
          {t('ModelPage.description')}
        </h2>
        <p className={styles.description}>{model.description || t('ModelPage.noDescription')}</p>
      </section>
      {model.geometry && (
        <GeometryDetails
          geometry={model.geometry}
          locale={locale}
          labels={{
            heading: t('Geometry.heading'),
            unit: t('Geometry.unit'),
            volume: t('Geometry.volume'),
            size: t('Geometry.size'),
            thinWalls: t('Geometry.thinWalls'),
            thinWallsValue: t('Geometry.thinWallsValue'),
            noThinWalls: t('Geometry.noThinWalls'),
            selfIntersections: t('Geometry.selfIntersections'),
            noSelfIntersections: t('Geometry.noSelfIntersections'),
            selfIntersectionsFound: t('Geometry.selfIntersectionsFound'),
            watertight: t('Geometry.watertight'),
            watertightYes: t('Geometry.watertightYes'),
            watertightNo: t('Geometry.watertightNo'),
            volumeEstimate: t('Geometry.volumeEstimate'),
            declaredUnit: t('Geometry.declaredUnit'),
          }}
        />
      )}
      {printability}
      {model.tags.length > 0 && (
        <section className={styles.section} aria-labelledby="tags-heading">
          <h2 id="tags-heading" className={styles.subheading}>
            {t('ModelPage.tags')}
          </h2>
          <ul className={styles.tags}>
            {model.tags.map((tag) => (
              <li key={tag}>
                <a href={localizedHref(locale, '/search', { keywords: tag })}>{tag}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {ratings}
      {support}
      {related}
    </article>
  );
}
