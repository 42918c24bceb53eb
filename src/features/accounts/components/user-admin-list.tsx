import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { PostButton } from '@/components/ui/post-button';
import { languageTags, type Locale } from '@/i18n/routing';

import type { AdminUserDto } from '../server/user-admin-repository';
import { grantableRoles } from '../server/user-admin';

/** The admin's list of users: a search form, the users with their roles, grant and revoke buttons. */
export async function UserAdminList({
  locale,
  query,
  items,
  total,
  page,
  pages,
  adminId,
  action,
  hrefFor,
}: {
  locale: Locale;
  query: string;
  items: AdminUserDto[];
  total: number;
  page: number;
  pages: number;
  adminId: number;
  action: string;
  hrefFor: (page: number) => string;
}) {
  const t = await getTranslations('admin.Users');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  const texts = { failed: t('failed'), conflict: t('ownAdmin') };
  return (
    <>
      <div className={styles.tools}>
        <form className={styles.search} action={action} method="get" role="search">
          <label>
            {t('searchLabel')}
            <input type="search" name="q" defaultValue={query} maxLength={100} />
          </label>
          <button type="submit" className="button">
            {t('search')}
          </button>
        </form>
        <span className={styles.meta}>{t('total', { count: total })}</span>
      </div>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((user) => (
            <li key={user.id} className={styles.item} data-testid="admin-user" data-user-id={user.id}>
              <div className={styles.details}>
                <h2>
                  {user.username}
                  {user.id === adminId ? ` ${t('you')}` : ''}
                </h2>
                <span>{user.email}</span>
                <span className={styles.meta}>{t('joined', { date: date.format(user.createdAt) })}</span>
              </div>
              <ul className={styles.roles} aria-label={t('roles')}>
                {user.roles.map((role) => (
                  <li key={role} className={styles.status}>
                    {t(`role_${role}`)}
                  </li>
                ))}
              </ul>
              <div
                className={styles.actions}
                role="group"
                aria-label={t('actionsFor', { name: user.username })}
              >
                {grantableRoles.map((role) => {
                  const has = user.roles.includes(role);
                  if (has && role === 'admin' && user.id === adminId) return null;
                  const key = `${has ? 'revoke' : 'grant'}_${role}` as const;
                  return (
                    <span key={role}>
                      <PostButton
                        endpoint={`/api/internal/admin/users/${user.id}/roles`}
                        json={{ role, grant: !has }}
                        label={t(key)}
                        busyLabel={t('working')}
                        texts={texts}
                      />
                    </span>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('pagination')}>
          {page > 1 && <a href={hrefFor(page - 1)}>{t('previous')}</a>}
          <span>{t('page', { page, pages })}</span>
          {page < pages && <a href={hrefFor(page + 1)}>{t('next')}</a>}
        </nav>
      )}
    </>
  );
}
