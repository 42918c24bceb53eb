import { getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';

export default async function NotFoundPage() {
  const [t, locale] = await Promise.all([getTranslations('errors.NotFoundPage'), getLocale()]);
  return (
    <div className="container" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <title>{t('metaTitle')}</title>
      <p style={{ fontSize: '3rem', fontWeight: 800, margin: 0, color: 'var(--color-accent)' }}>404</p>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <a className="button" href={localizedHref(locale, '/')}>
          {t('backHome')}
        </a>
        <a className="button button-secondary" href={localizedHref(locale, '/3d-models')}>
          {t('browse')}
        </a>
      </p>
    </div>
  );
}
