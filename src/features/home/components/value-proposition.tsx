import { getTranslations } from 'next-intl/server';

import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';
import { marketingFigures } from '@/lib/site';

import styles from './value-proposition.module.css';

/** Spec §1 value proposition: 3D models, best prices, quality standard (FBX with PBR textures). */
export async function ValueProposition() {
  const t = await getTranslations('home.ValueProposition');
  const cards = [
    {
      key: 'models',
      icon: '/images/home/value-models.svg',
      title: t('modelsTitle', { models: marketingFigures.models }),
      text: t('modelsText'),
    },
    {
      key: 'prices',
      icon: '/images/home/value-prices.svg',
      title: t('pricesTitle'),
      text: t('pricesText', { share: marketingFigures.royaltyFreeShare }),
    },
    {
      key: 'quality',
      icon: '/images/home/value-quality.svg',
      title: t('qualityTitle'),
      text: t('qualityText'),
    },
  ];
  return (
    <section className={`container ${styles.section}`} aria-labelledby="value-title">
      <h2 id="value-title">{t('title')}</h2>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.key} className={styles.card}>
            <img src={card.icon} width={64} height={64} alt="" loading="lazy" decoding="async" />
            <h3>
              {card.title}
              {card.key === 'quality' && (
                <Tooltip
                  className={styles.info}
                  label={
                    <>
                      <Icon name="info" size={20} />
                      <span className="visually-hidden">{t('qualityInfo')}</span>
                    </>
                  }
                >
                  {t('qualityTooltip')}
                </Tooltip>
              )}
            </h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
