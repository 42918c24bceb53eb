import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AccountForm } from '@/features/accounts/components/account-form';
import { accountFormTexts } from '@/features/accounts/components/account-form-texts';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.PasswordReset');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function PasswordResetPage({ params }: Props) {
  const locale = await localeOf(params);
  const t = await getTranslations('accounts.PasswordReset');
  const texts = await accountFormTexts({
    submit: t('submit'),
    submitting: t('submitting'),
    success: t('success'),
  });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <AccountForm
        endpoint="/api/internal/users/password_reset"
        texts={texts}
        extra={{ locale }}
        fields={[{ name: 'email', type: 'email', autoComplete: 'email', label: t('email'), maxLength: 254 }]}
      />
    </div>
  );
}
