import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { UserAdminList } from '@/features/accounts/components/user-admin-list';
import { listUsers } from '@/features/accounts/server/user-admin';
import styles from '@/components/ui/admin-list.module.css';
import { localizedHref } from '@/i18n/navigation';
import { adminOrNotFound } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin.Users');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: users by username or email, their roles, and granting or revoking seller and admin. */
export default async function AdminUsersPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const admin = await adminOrNotFound(locale, '/admin/users');
  const search = await searchParams;
  const query = typeof search.q === 'string' ? search.q.slice(0, 100) : '';
  const list = await listUsers({ query, page: Number(search.page ?? 1) });
  const t = await getTranslations('admin.Users');
  return (
    <div className="container">
      <a className={styles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className="page-title">{t('title')}</h1>
      <UserAdminList
        locale={locale}
        query={query}
        {...list}
        adminId={admin.id}
        action={localizedHref(locale, '/admin/users')}
        hrefFor={(page) => localizedHref(locale, '/admin/users', { q: query || undefined, page })}
      />
    </div>
  );
}
