import { getTranslations } from 'next-intl/server';

import type { ModelCardDto } from '../schemas';
import { ModelCard } from '@/components/ui/model-card';
import { getModelCardLabels } from '@/components/ui/model-card-labels';
import styles from './model-grid.module.css';

export async function ModelGrid({
  models,
  eagerCount = 4,
  headingLevel = 2,
}: {
  models: ModelCardDto[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
}) {
  const [t, labels] = await Promise.all([getTranslations('catalog.ModelGrid'), getModelCardLabels()]);
  if (models.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <ul className={styles.grid}>
      {models.map((model, index) => (
        <li key={model.id}>
          <ModelCard model={model} eager={index < eagerCount} headingLevel={headingLevel} labels={labels} />
        </li>
      ))}
    </ul>
  );
}
