import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AccountForm } from '@/features/accounts/components/account-form';
import { accountFormTexts } from '@/features/accounts/components/account-form-texts';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.EmailConfirmation');
  // The link carries a secret: no referrer leaves this page.
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/**
 * Where the confirmation email's link leads. Confirming is a button (a POST), not the visit itself:
 * mail scanners open links on their own.
 */
export default async function EmailConfirmationPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const token = (await searchParams).token;
  const t = await getTranslations('accounts.EmailConfirmation');
  const texts = await accountFormTexts({
    submit: t('submit'),
    submitting: t('submitting'),
    success: t('success'),
  });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      {typeof token === 'string' && token !== '' ? (
        <>
          <p className="page-lead">{t('lead')}</p>
          <AccountForm
            endpoint="/api/internal/users/email_confirmation"
            texts={texts}
            extra={{ token }}
            fields={[]}
          />
        </>
      ) : (
        <p>
          {t('missingToken')} <a href={localizedHref(locale, '/account')}>{t('toAccount')}</a>
        </p>
      )}
    </div>
  );
}
