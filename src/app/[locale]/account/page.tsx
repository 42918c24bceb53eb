import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { EmailConfirmationNotice } from '@/features/accounts/components/email-confirmation-notice';
import { LogOutButton } from '@/features/accounts/components/log-out-button';
import { emailConfirmationOf } from '@/features/accounts/server/email-confirmation-repository';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';
import styles from './account.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.Account');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Account settings: who you are, your roles, changing the password, logging out. */
export default async function AccountPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/account');
  const t = await getTranslations('accounts.Account');
  const tForm = await getTranslations('accounts.Form');
  const confirmation = await emailConfirmationOf(user.id);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <dl className="facts">
        <dt>{t('username')}</dt>
        <dd className={styles.value}>{user.username}</dd>
        <dt>{t('email')}</dt>
        <dd className={styles.value}>{user.email}</dd>
        <dt>{t('roles')}</dt>
        <dd>{user.roles.map((role) => t(`role_${role}`)).join(', ')}</dd>
      </dl>
      {confirmation && !confirmation.confirmed && (
        <EmailConfirmationNotice
          locale={locale}
          texts={{
            unconfirmed: t('emailUnconfirmed'),
            resend: t('resend'),
            resending: t('resending'),
            resent: t('resent'),
            rateLimited: tForm('rate_limited'),
            failed: tForm('failed'),
          }}
        />
      )}
      <ul>
        <li>
          <a href={localizedHref(locale, '/account/profile')}>{t('editProfile')}</a>
        </li>
        <li>
          <a
            href={localizedHref(locale, {
              pathname: '/designers/[username]',
              params: { username: user.username },
            })}
          >
            {t('viewProfile')}
          </a>
        </li>
        <li>
          <a href={localizedHref(locale, '/password-reset')}>{t('changePassword')}</a>
        </li>
      </ul>
      <LogOutButton
        className="button button-secondary"
        label={t('logOut')}
        busyLabel={t('loggingOut')}
        afterHref={getPathname({ locale, href: '/' })}
      />
    </div>
  );
}
