import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AccountForm } from '@/features/accounts/components/account-form';
import { passwordMaxLength } from '@/features/accounts/schemas';
import { localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';
import { accountFormTexts } from '@/features/accounts/components/account-form-texts';
import { safeNextPath } from '@/features/accounts/next-path';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.SignUp');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function SignUpPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const next = safeNextPath(locale, (await searchParams).next);
  if (await currentUser()) redirect(next);
  const t = await getTranslations('accounts.SignUp');
  const texts = await accountFormTexts({ submit: t('submit'), submitting: t('submitting') });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <AccountForm
        endpoint="/api/internal/users/sign_up"
        successHref={next}
        texts={texts}
        extra={{ locale }}
        fields={[
          {
            name: 'username',
            type: 'text',
            autoComplete: 'username',
            label: t('username'),
            hint: t('usernameHint'),
            maxLength: 40,
          },
          {
            name: 'email',
            type: 'email',
            autoComplete: 'email',
            label: t('email'),
            hint: t('emailHint'),
            maxLength: 254,
          },
          {
            name: 'password',
            type: 'password',
            autoComplete: 'new-password',
            label: t('password'),
            hint: t('passwordHint'),
            maxLength: passwordMaxLength,
          },
        ]}
      />
      <p>
        {t('haveAccount')} <a href={localizedHref(locale, '/login')}>{t('logIn')}</a>
      </p>
    </div>
  );
}
