import { getTranslations } from 'next-intl/server';

import type { RenderDto } from '../schemas';
import styles from './makes.module.css';

/** Designers' renders: each picture links to its model's page. */
export async function RenderGrid({ renders }: { renders: RenderDto[] }) {
  const t = await getTranslations('makes.Gallery');
  return (
    <ul className={styles.grid} data-testid="render-grid">
      {renders.map((render, index) => {
        const label = t('renderOf', { title: render.title, designer: render.designerUsername });
        const image = (
          <img
            src={render.image.src}
            srcSet={render.image.srcSet}
            sizes="(min-width: 964px) 300px, (min-width: 576px) 33vw, 50vw"
            width={render.image.width}
            height={render.image.height}
            alt={label}
            loading={index < 4 ? 'eager' : 'lazy'}
            decoding="async"
          />
        );
        return (
          <li key={`${render.modelId}-${render.position}`}>
            <figure className={styles.card} style={{ margin: 0 }}>
              {render.url ? (
                <a className={styles.picture} href={render.url}>
                  {image}
                </a>
              ) : (
                <span className={styles.picture}>{image}</span>
              )}
              <figcaption className={styles.body}>
                <span>{render.title}</span>
                <span className={styles.meta}>{render.designerUsername}</span>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
