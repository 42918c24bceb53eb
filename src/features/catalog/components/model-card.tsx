import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';

import type { ModelCardDto } from '../schemas';
import styles from './model-card.module.css';

/** Spec §3 "Model card": picture, title, price (with the sale discount as -N%) and formats. */
export async function ModelCard({
  model,
  eager = false,
  headingLevel = 2,
}: {
  model: ModelCardDto;
  eager?: boolean;
  /** 2 in a listing (under the page's h1), 3 in a titled section. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = await getTranslations('catalog.ModelCard');
  const href =
    model.productType === 'print'
      ? ({ pathname: '/3d-print-models/[...path]', params: { path: model.path.split('/') } } as const)
      : ({ pathname: '/3d-models/[...path]', params: { path: model.path.split('/') } } as const);
  return (
    <article className={styles.card}>
      <Link href={href} className={styles.link}>
        <img
          className={styles.image}
          src={model.primaryImage.src}
          srcSet={model.primaryImage.srcSet}
          sizes="(max-width: 575px) 50vw, (max-width: 963px) 33vw, (max-width: 1575px) 25vw, 300px"
          width={model.primaryImage.width}
          height={model.primaryImage.height}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <Heading className={styles.title}>{model.title}</Heading>
      </Link>
      <p className={styles.designer}>{t('by', { designer: model.designerUsername })}</p>
      <div className={styles.footer}>
        <p className={styles.price}>
          {model.finalPrice === 0 ? (
            <strong>{t('free')}</strong>
          ) : (
            <>
              <strong>{formatPrice(model.finalPrice)}</strong>
              {model.percentage > 0 && (
                <>
                  <s className={styles.original}>
                    <span className="visually-hidden">
                      {t('originalPrice', { price: formatPrice(model.price) })}
                    </span>
                    <span aria-hidden="true">{formatPrice(model.price)}</span>
                  </s>
                  <span className={styles.discount}>{t('discount', { percentage: model.percentage })}</span>
                </>
              )}
            </>
          )}
        </p>
        {model.formats.length > 0 && (
          <ul className={styles.formats} aria-label={t('formats')}>
            {model.formats.slice(0, 3).map((format) => (
              <li key={format}>{format.toUpperCase()}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
