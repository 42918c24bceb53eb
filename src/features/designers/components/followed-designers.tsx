import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { getTranslations } from 'next-intl/server';

import { Avatar } from '@/components/ui/avatar';

import type { FollowedDesignerDto } from '../schemas';
import { FollowButton } from './follow-button';
import { followButtonLabels } from './follow-texts';
import styles from './followed-designers.module.css';

/** The "Following" page's list of designers the user follows, each with its unfollow button. */
export async function FollowedDesigners({
  locale,
  designers,
  total,
}: {
  locale: Locale;
  designers: FollowedDesignerDto[];
  total: number;
}) {
  const [t, labels] = await Promise.all([getTranslations('social.FollowingPage'), followButtonLabels()]);
  return (
    <section aria-labelledby="followed-designers-heading" className={styles.section}>
      <h2 id="followed-designers-heading" className="section-title">
        {t('designersHeading', { count: total })}
      </h2>
      <ul className={styles.list}>
        {designers.map((designer) => (
          <li key={designer.id} className={styles.designer} data-testid="followed-designer">
            <Avatar username={designer.username} image={designer.avatar} size={40} />
            <a
              className={styles.name}
              href={getPathname({
                locale,
                href: { pathname: '/designers/[username]', params: { username: designer.username } },
              })}
            >
              {designer.username}
            </a>
            <div className={styles.action}>
              <FollowButton
                userId={designer.id}
                username={designer.username}
                initiallyFollowing
                labels={labels}
                className={`button ${styles.button}`}
                statusClassName={styles.status}
              />
            </div>
          </li>
        ))}
      </ul>
      {total > designers.length && <p>{t('moreDesigners', { count: total - designers.length })}</p>}
    </section>
  );
}
