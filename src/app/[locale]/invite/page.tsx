import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';

import { CopyLink } from '@/features/referrals/components/copy-link';
import styles from '@/features/referrals/components/invite.module.css';
import { getInviteOverview, type FriendRow } from '@/features/referrals/server/queries';
import { referralRulesFromEnv } from '@/features/referrals/server/rules';
import { env } from '@/env';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('referrals.Invite');
  return { title: t('metaTitle'), robots: { index: false } };
}

const stateClass: Record<FriendRow['state'], string> = {
  signed_up: styles.state!,
  purchased: styles.state!,
  rewarded: `${styles.state} ${styles.rewarded}`,
  refused: `${styles.state} ${styles.refused}`,
};

/**
 * Invite a friend (issue 25, decision 0048): the member's referral link, the rewards, the rules and the
 * friends who signed up through it, each in its state. A guest reads what it is and is led to log in.
 */
export default async function InvitePage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, format, user] = await Promise.all([
    getTranslations('referrals.Invite'),
    getFormatter(),
    currentUser(),
  ]);
  const rules = referralRulesFromEnv();
  const amounts = {
    inviter: formatPrice(rules.inviterRewardCents),
    friend: formatPrice(rules.friendRewardCents),
    days: rules.refundWindowDays,
  };
  const intro = (
    <>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead', amounts)}</p>
      <ul className={styles.rewards} data-testid="referral-rewards">
        <li>
          <span className={styles.amount}>{amounts.inviter}</span>
          {t('forYou')}
        </li>
        <li>
          <span className={styles.amount}>{amounts.friend}</span>
          {t('forFriend')}
        </li>
      </ul>
    </>
  );
  if (!user) {
    const here = getPathname({ locale, href: '/invite' });
    return (
      <div className="container">
        {intro}
        <p>
          <a className="button" href={localizedHref(locale, '/login', { next: here })}>
            {t('logIn')}
          </a>{' '}
          <a className="button button-secondary" href={localizedHref(locale, '/signup')}>
            {t('signUp')}
          </a>
        </p>
        <p>{t('guest')}</p>
        <Rules t={t} days={amounts.days} />
      </div>
    );
  }
  const { code, friends } = await getInviteOverview(user.id, rules);
  const link = new URL(
    getPathname({ locale, href: { pathname: '/invite/[code]', params: { code } } }),
    env.publicUrl,
  ).toString();
  const date = (value: Date) => format.dateTime(value, { dateStyle: 'medium' });
  return (
    <div className="container">
      {intro}
      <CopyLink url={link} labels={{ link: t('yourLink'), copy: t('copy'), copied: t('copied') }} />
      <Rules t={t} days={amounts.days} />
      {/* Unnamed: the table's scrolling region below carries the heading's name (one landmark, not two). */}
      <section>
        <h2 id="friends-heading" className="section-title">
          {t('friends')}
        </h2>
        {friends.length === 0 ? (
          <p>{t('noFriends')}</p>
        ) : (
          // Focusable so that a keyboard can scroll the table sideways on a narrow screen.
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="friends-heading">
            <table className={styles.friends} data-testid="referral-friends">
              <thead>
                <tr>
                  <th scope="col">{t('friend')}</th>
                  <th scope="col">{t('signedUpOn')}</th>
                  <th scope="col">{t('state')}</th>
                </tr>
              </thead>
              <tbody>
                {friends.map((friend) => (
                  <tr key={friend.username} data-testid="referral-friend">
                    <td>{friend.username}</td>
                    <td>{date(friend.signedUpAt)}</td>
                    <td>
                      <span className={stateClass[friend.state]}>{t(`states.${friend.state}`)}</span>{' '}
                      {friend.state === 'purchased' && friend.rewardDueAt && (
                        <span>{t('dueOn', { date: date(friend.rewardDueAt) })}</span>
                      )}
                      {friend.state === 'rewarded' && friend.rewardedAt && (
                        <span>
                          {t('rewardedOn', { date: date(friend.rewardedAt), amount: amounts.inviter })}
                        </span>
                      )}
                      {friend.state === 'refused' && friend.refusedReason && (
                        <span>{t(`refusals.${friend.refusedReason}`)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function Rules({
  t,
  days,
}: {
  t: Awaited<ReturnType<typeof getTranslations<'referrals.Invite'>>>;
  days: number;
}) {
  return (
    <section aria-labelledby="rules-heading">
      <h2 id="rules-heading" className="section-title">
        {t('rulesHeading')}
      </h2>
      <ol className={styles.rules}>
        <li>{t('ruleLink')}</li>
        <li>{t('rulePurchase', { days })}</li>
        <li>{t('ruleOnce')}</li>
        <li>{t('ruleSelf')}</li>
      </ol>
    </section>
  );
}
