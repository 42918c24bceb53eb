import { getTranslations } from 'next-intl/server';

import { getDatabase } from '@/server/db/client';
import { demoModelProgress } from '@/seed/demo-models/progress';

import styles from './admin.module.css';

/** How far the demo catalogue's procedural meshes and pictures have come (issue 28); nothing when none were queued. */
export async function DemoModelsPanel() {
  const [t, progress] = await Promise.all([
    getTranslations('demoModels'),
    getDatabase().then(demoModelProgress),
  ]);
  if (progress.total === 0) return null;
  const minutesLeft = progress.perMinute > 0 ? Math.ceil(progress.waiting / progress.perMinute) : null;
  return (
    <section className={styles.panel} aria-labelledby="demo-models-title">
      <h2 id="demo-models-title">{t('title')}</h2>
      <progress
        className={styles.progress}
        value={progress.done}
        max={progress.total}
        aria-labelledby="demo-models-title"
      />
      <p>
        {progress.waiting === 0
          ? t('finished', { total: progress.total })
          : t('progress', { done: progress.done, total: progress.total })}
      </p>
      {progress.waiting > 0 && (
        <p>
          {minutesLeft === null
            ? t('starting')
            : t('rate', { perMinute: progress.perMinute, minutes: minutesLeft })}
        </p>
      )}
      {progress.failed > 0 && <p>{t('failed', { failed: progress.failed })}</p>}
    </section>
  );
}
