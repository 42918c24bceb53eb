import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AccountForm } from '@/features/accounts/components/account-form';
import { localizedHref } from '@/i18n/navigation';
import { passwordMaxLength } from '@/features/accounts/schemas';
import { currentUser } from '@/server/auth/visitor';
import { accountFormTexts } from '@/features/accounts/components/account-form-texts';
import { safeNextPath } from '@/features/accounts/next-path';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.LogIn');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function LogInPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const next = safeNextPath(locale, (await searchParams).next);
  if (await currentUser()) redirect(next);
  const t = await getTranslations('accounts.LogIn');
  const texts = await accountFormTexts({ submit: t('submit'), submitting: t('submitting') });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <AccountForm
        endpoint="/api/internal/users/log_in"
        successHref={next}
        texts={texts}
        fields={[
          { name: 'login', type: 'text', autoComplete: 'username', label: t('login'), maxLength: 254 },
          {
            name: 'password',
            type: 'password',
            autoComplete: 'current-password',
            label: t('password'),
            maxLength: passwordMaxLength,
          },
        ]}
      />
      <p>
        <a href={localizedHref(locale, '/password-reset')}>{t('forgot')}</a>
      </p>
      <p>
        {t('noAccount')} <a href={localizedHref(locale, '/signup')}>{t('signUp')}</a>
      </p>
    </div>
  );
}
