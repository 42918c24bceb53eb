import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { env } from '@/env';
import { getPointsAccount } from '@/features/points/server/queries';
import { localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';
import type { LoyaltyLevel } from '@/features/orders/points-ledger';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';
import styles from './points.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('points.Account');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** A ledger amount with its sign: "+$5", "−$2.50" (a true minus sign, read as "minus"). */
function signedPrice(cents: number): string {
  return `${cents < 0 ? '\u2212' : '+'}${formatPrice(Math.abs(cents))}`;
}

/** Spec §3 "Points account": balance, earn rate, level, expiry, the rules and the ledger's history. */
export default async function PointsPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/points');
  const [t, account] = await Promise.all([getTranslations('points.Account'), getPointsAccount(user.id)]);
  const dates = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  const level = (name: string) => t(`level_${name as LoyaltyLevel}`);
  const entries = [...account.entries].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      {account.firstPurchaseGiftCents !== null && (
        <p className={styles.gift}>
          {t('firstPurchaseGift', { amount: formatPrice(account.firstPurchaseGiftCents) })}
        </p>
      )}
      <dl className={styles.summary}>
        <div className={`${styles.card} ${styles.balance}`}>
          <dt>{t('balance')}</dt>
          <dd>{formatPrice(account.balanceCents)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('earnRate')}</dt>
          <dd>{t('earnRateValue', { percent: account.earnRatePercent })}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('lifetimeSpending')}</dt>
          <dd>{formatPrice(account.lifetimeSpendingCents)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('level')}</dt>
          <dd>{level(account.level)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('nextLevel')}</dt>
          <dd>
            {account.next
              ? t('nextLevelValue', {
                  level: level(account.next.level),
                  amount: formatPrice(account.next.amountLeftCents),
                })
              : t('topLevel')}
          </dd>
        </div>
        <div className={`${styles.card} ${styles.wide}`}>
          <dt>{t('expiry')}</dt>
          <dd>
            {account.expiresInDays === null ? t('noExpiry') : t('expiresIn', { days: account.expiresInDays })}
          </dd>
        </div>
      </dl>
      <p className={styles.rules}>{t('rules', { minimum: formatPrice(env.CREDITS_MIN_CART_CENTS) })}</p>
      <section aria-labelledby="points-history">
        <h2 id="points-history" className="section-title">
          {t('history')}
        </h2>
        {entries.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-labelledby="points-history">
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('entry')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={styles.date}>
                      <time dateTime={entry.createdAt.toISOString()}>{dates.format(entry.createdAt)}</time>
                    </td>
                    <th scope="row" className={styles.kind}>
                      {t(`kind_${entry.kind}`)}
                      {entry.orderId !== null && (
                        <a
                          className={styles.order}
                          href={localizedHref(locale, {
                            pathname: '/orders/[id]',
                            params: { id: String(entry.orderId) },
                          })}
                        >
                          {t('orderRef', { id: entry.orderId })}
                        </a>
                      )}
                    </th>
                    <td
                      className={`${styles.amount} ${entry.amountCents < 0 ? styles.negative : styles.positive}`}
                    >
                      {signedPrice(entry.amountCents)}
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
