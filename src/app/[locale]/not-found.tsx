import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

export default async function NotFoundPage() {
  const t = await getTranslations('errors.NotFoundPage');
  return (
    <div className="container" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <title>{t('metaTitle')}</title>
      <p style={{ fontSize: '3rem', fontWeight: 800, margin: 0, color: 'var(--color-accent)' }}>404</p>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link className="button" href="/">
          {t('backHome')}
        </Link>
        <Link className="button button-secondary" href="/3d-models">
          {t('browse')}
        </Link>
      </p>
    </div>
  );
}
