import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AccountForm } from '@/features/accounts/components/account-form';
import { passwordMaxLength } from '@/features/accounts/schemas';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { accountFormTexts } from '@/features/accounts/components/account-form-texts';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.NewPassword');
  // The link carries a secret: no referrer leaves this page.
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** Where the reset email's link leads: a new password, then the log-in page. */
export default async function NewPasswordPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const token = (await searchParams).token;
  const t = await getTranslations('accounts.NewPassword');
  const texts = await accountFormTexts({ submit: t('submit'), submitting: t('submitting') });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      {typeof token === 'string' && token !== '' ? (
        <AccountForm
          endpoint="/api/internal/users/password_reset/confirm"
          texts={texts}
          extra={{ token, locale }}
          successHref={getPathname({ locale, href: '/login' })}
          fields={[
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
      ) : (
        <p>
          {t('missingToken')} <a href={localizedHref(locale, '/password-reset')}>{t('askAgain')}</a>
        </p>
      )}
    </div>
  );
}
