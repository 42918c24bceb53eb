import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';

import type { ModelDetailDto } from '../schemas';
import { categoryHref } from './category-nav';
import styles from './model-detail-view.module.css';

/** The model item page's core: picture, title, price, designer and the model's facts. */
export async function ModelDetailView({ model }: { model: ModelDetailDto }) {
  const t = await getTranslations('catalog');
  const locale = await getLocale();
  const format = await getFormatter();
  const image = model.images[0] ?? model.primaryImage;
  return (
    <div className={`container ${styles.layout}`}>
      <div className={styles.media}>
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(max-width: 963px) 100vw, 720px"
          width={image.width}
          height={image.height}
          alt={model.title}
          fetchPriority="high"
        />
      </div>
      <div className={styles.info}>
        <p className={styles.breadcrumb}>
          <a href={localizedHref(locale, categoryHref(model.productType, model.categoryPath))}>
            {model.categoryTitle}
          </a>
        </p>
        <h1>{model.title}</h1>
        <p className={styles.price}>
          {model.finalPrice === 0 ? (
            <strong>{t('ModelCard.free')}</strong>
          ) : (
            <>
              <strong>{formatPrice(model.finalPrice)}</strong>
              {model.percentage > 0 && (
                <>
                  <s>{formatPrice(model.price)}</s>
                  <span className={styles.discount}>
                    {t('ModelCard.discount', { percentage: model.percentage })}
                  </span>
                </>
              )}
            </>
          )}
        </p>
        <p className={styles.vat}>{t('ModelPage.pricesExcludeVat')}</p>
        {model.badges.length > 0 && (
          <ul className={styles.badges}>
            {model.badges.map((badge) => (
              <li key={badge}>{t(`Badge.${badge as 'new'}`)}</li>
            ))}
          </ul>
        )}
        <dl className={styles.facts}>
          <dt>{t('ModelPage.designer')}</dt>
          <dd>{model.designerUsername}</dd>
          <dt>{t('ModelPage.formats')}</dt>
          <dd>{model.formats.map((f) => f.toUpperCase()).join(', ')}</dd>
          {model.polyCount !== null && (
            <>
              <dt>{t('ModelPage.polyCount')}</dt>
              <dd>{format.number(model.polyCount)}</dd>
            </>
          )}
          <dt>{t('ModelPage.licence')}</dt>
          <dd>{t(`Licence.${model.licence as 'custom'}`)}</dd>
          <dt>{t('ModelPage.reviewStatus')}</dt>
          <dd>{model.reviewStatus === 'reviewed' ? t('ModelPage.reviewed') : t('ModelPage.notReviewed')}</dd>
        </dl>
        <p className={styles.stats}>
          {t('ModelPage.likes', { count: model.likes })} · {t('ModelPage.views', { count: model.views })}
        </p>
        <p>{model.description || t('ModelPage.noDescription')}</p>
        {model.tags.length > 0 && (
          <>
            <h2 className={styles.subheading}>{t('ModelPage.tags')}</h2>
            <ul className={styles.tags}>
              {model.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
