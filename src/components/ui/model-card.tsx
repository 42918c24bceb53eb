import { formatPrice } from '@/lib/money';
import { fillTemplate } from '@/lib/template';

import styles from './model-card.module.css';

/** Spec §3 "Model card" (the catalogue's card DTO has this shape). Prices in cents. */
export interface ModelCardData {
  id: number;
  title: string;
  /** The model page's URL in the card's locale. */
  url: string;
  productType: 'models' | 'print';
  primaryImage: { src: string; srcSet: string; width: number; height: number };
  price: number;
  finalPrice: number;
  percentage: number;
  formats: string[];
  designerUsername: string;
  likes: number;
  /** Community rating (decision 0047): average stars and how many rated; no rating shown at 0 ratings. */
  ratingAverage?: number;
  ratingCount?: number;
}

/** Texts of a card, translated by the server (`by`, `discount`, `originalPrice` are templates). */
export interface ModelCardLabels {
  free: string;
  /** "by {designer}" */
  by: string;
  /** "-{percentage}%" */
  discount: string;
  /** "Original price {price}" */
  originalPrice: string;
  formats: string;
  /** "Likes: {count}", read out instead of the heart and its short number. */
  likes: string;
  /** "Rated {average} out of 5 …{count}", read out instead of the star and its short figures. */
  rating: string;
  /** The BCP 47 tag numbers are written in. */
  languageTag: string;
}

/** 1234 → "1.2K" (in the card's language): the card has room for a few characters. */
function compactNumber(value: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

function CardRating({ model, labels }: { model: ModelCardData; labels: ModelCardLabels }) {
  const average = new Intl.NumberFormat(labels.languageTag, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(model.ratingAverage ?? 0);
  const count = model.ratingCount ?? 0;
  return (
    <p className={styles.rating} data-testid="card-rating">
      <span aria-hidden="true">
        {average} ({compactNumber(count, labels.languageTag)})
      </span>
      <span className="visually-hidden">
        {fillTemplate(labels.rating, { average, count: new Intl.NumberFormat(labels.languageTag).format(count) })}
      </span>
    </p>
  );
}

const gridSizes = '(max-width: 575px) 50vw, (max-width: 963px) 33vw, (max-width: 1575px) 25vw, 300px';

/**
 * Spec §3 "Model card": picture, title, designer and likes, price (with the sale discount as -N%) and formats. Renders on
 * the server and in the browser (the home page's trending carousel builds cards from the JSON call).
 */
export function ModelCard({
  model,
  eager = false,
  headingLevel = 2,
  sizes = gridSizes,
  labels,
}: {
  model: ModelCardData;
  labels: ModelCardLabels;
  eager?: boolean;
  /** The image's `sizes` (the grid's by default). */
  sizes?: string;
  /** 2 in a listing (under the page's h1), 3 in a titled section. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <a href={model.url} className={styles.link}>
        <img
          className={styles.image}
          src={model.primaryImage.src}
          srcSet={model.primaryImage.srcSet}
          sizes={sizes}
          width={model.primaryImage.width}
          height={model.primaryImage.height}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <Heading className={styles.title}>{model.title}</Heading>
      </a>
      <div className={styles.byline}>
        <p className={styles.designer}>{fillTemplate(labels.by, { designer: model.designerUsername })}</p>
        <p className={styles.likes}>
          <span aria-hidden="true">{compactNumber(model.likes, labels.languageTag)}</span>
          <span className="visually-hidden">
            {fillTemplate(labels.likes, {
              count: new Intl.NumberFormat(labels.languageTag).format(model.likes),
            })}
          </span>
        </p>
        {(model.ratingCount ?? 0) > 0 && <CardRating model={model} labels={labels} />}
      </div>
      <div className={styles.footer}>
        <p className={styles.price}>
          {model.finalPrice === 0 ? (
            <strong>{labels.free}</strong>
          ) : (
            <>
              <strong>{formatPrice(model.finalPrice)}</strong>
              {model.percentage > 0 && (
                <>
                  <s className={styles.original}>
                    <span className="visually-hidden">
                      {fillTemplate(labels.originalPrice, { price: formatPrice(model.price) })}
                    </span>
                    <span aria-hidden="true">{formatPrice(model.price)}</span>
                  </s>
                  <span className={styles.discount}>
                    {fillTemplate(labels.discount, { percentage: model.percentage })}
                  </span>
                </>
              )}
            </>
          )}
        </p>
        {model.formats.length > 0 && (
          <ul className={styles.formats} aria-label={labels.formats}>
            {model.formats.slice(0, 3).map((format) => (
              <li key={format}>{format.toUpperCase()}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
