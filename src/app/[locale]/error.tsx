'use client';

import { useSyncExternalStore } from 'react';

/** The layout writes these texts into the page (`error-page-texts`), so no translator ships to the browser. */
interface ErrorTexts {
  title: string;
  description: string;
  retry: string;
  backHome: string;
  homeHref: string;
}

const fallbackTexts: ErrorTexts = {
  title: 'Something went wrong',
  description: 'An unexpected error happened on our side. Please try again in a moment.',
  retry: 'Try again',
  backHome: 'Back to the home page',
  homeHref: '/',
};

let pageTexts: ErrorTexts | undefined;
function readPageTexts(): ErrorTexts {
  const data = document.getElementById('error-page-texts')?.textContent;
  pageTexts ??= data ? (JSON.parse(data) as ErrorTexts) : fallbackTexts;
  return pageTexts;
}
const noSubscription = () => () => undefined;

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useSyncExternalStore(noSubscription, readPageTexts, () => fallbackTexts);
  return (
    <div className="container" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <p style={{ fontSize: '3rem', fontWeight: 800, margin: 0, color: 'var(--color-sale)' }}>500</p>
      <h1>{t.title}</h1>
      <p>{t.description}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <button className="button" type="button" onClick={reset}>
          {t.retry}
        </button>
        <a className="button button-secondary" href={t.homeHref}>
          {t.backHome}
        </a>
      </p>
    </div>
  );
}
