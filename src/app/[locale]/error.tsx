'use client';

import { useTranslations } from 'next-intl';

import { Link } from '@/i18n/navigation';

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors.ErrorPage');
  return (
    <div className="container" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <p style={{ fontSize: '3rem', fontWeight: 800, margin: 0, color: 'var(--color-sale)' }}>500</p>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <button className="button" type="button" onClick={reset}>
          {t('retry')}
        </button>
        <Link className="button button-secondary" href="/">
          {t('backHome')}
        </Link>
      </p>
    </div>
  );
}
