import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import type { ModelCardData } from '@/components/ui/model-card';
import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import type { CartPricing } from '@/features/orders/api';
import { formatPrice } from '@/lib/money';

import type { CartLineDto } from '../schemas';
import { CartOptionsForm } from './cart-options-form';
import styles from './cart-view.module.css';
import { RemoveFromCart } from './remove-from-cart';
import { SaleNotice } from './sale-notice';

/**
 * The cart page (spec §3 "Cart"): the items, the sale state with its countdown, the enterprise coupon
 * and the credits (a plain GET form: it works without scripts; with them the credits box applies at
 * once), the summary down to the final price,
 * and `checkout` (the payment form, or the log-in prompt for a guest).
 */
export async function CartView({
  locale,
  lines,
  cards,
  pricing,
  now,
  coupon,
  couponInvalid,
  couponInput,
  useCredits,
  creditsBalanceCents,
  creditsMinimumCents,
  signedIn,
  checkout,
}: {
  locale: Locale;
  lines: CartLineDto[];
  cards: Map<number, ModelCardData>;
  pricing: CartPricing;
  now: Date;
  coupon: { code: string; percentOff: number } | null;
  couponInvalid: boolean;
  couponInput: string;
  useCredits: boolean;
  creditsBalanceCents: number;
  creditsMinimumCents: number;
  signedIn: boolean;
  checkout: ReactNode;
}) {
  const t = await getTranslations('cart.Page');
  if (lines.length === 0) {
    return (
      <>
        <p>{t('empty')}</p>
        <a className="button" href={localizedHref(locale, '/3d-models')}>
          {t('browse')}
        </a>
      </>
    );
  }
  const priced = new Map(pricing.lines.map((line) => [line.modelId, line]));
  // A price the buyer accepted in an offer conversation holds until then (decision 0037).
  const tOffer = await getTranslations('conversationFlows.Cart');
  const offerDate = new Intl.DateTimeFormat(languageTags[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const { sale, credits } = pricing;
  const creditsNote =
    credits.blockedBy === null
      ? null
      : credits.blockedBy === 'below_minimum'
        ? t('credits_below_minimum', { minimum: formatPrice(creditsMinimumCents) })
        : t(`credits_${credits.blockedBy}`);
  return (
    <div className={styles.layout}>
      <ul className={styles.lines} aria-label={t('title')}>
        {lines.map((line) => {
          const card = cards.get(line.modelId);
          const price = priced.get(line.modelId);
          const paid = price?.finalCents ?? line.priceCents;
          return (
            <li key={line.modelId} className={styles.line} data-testid="cart-line">
              {card ? (
                <img src={card.primaryImage.src} width={96} height={72} alt="" loading="lazy" />
              ) : (
                <span />
              )}
              <div>
                <p className={styles.lineTitle}>{card ? <a href={card.url}>{line.title}</a> : line.title}</p>
                <p className={styles.linePrice}>
                  <strong>{formatPrice(paid)}</strong>
                  {paid !== line.priceCents && <s>{formatPrice(line.priceCents)}</s>}
                  {line.walletEligible && <span className={styles.wallet}>◈ {t('walletSign')}</span>}
                </p>
                {line.offerExpiresAt && (
                  <p className={styles.note} data-testid="offer-note">
                    {tOffer('offerUntil', { date: offerDate.format(line.offerExpiresAt) })}
                  </p>
                )}
              </div>
              <div className={styles.lineActions}>
                <RemoveFromCart modelId={line.modelId} label={t('remove')} busyLabel={t('removing')} />
              </div>
            </li>
          );
        })}
      </ul>
      <section className={styles.summary} aria-labelledby="cart-summary">
        <h2 id="cart-summary">{t('summary')}</h2>
        <SaleNotice
          sale={sale}
          now={now}
          languageTag={languageTags[locale]}
          className={styles.sale}
          texts={{
            applied: t('saleApplied'),
            amountLeft: t('saleAmountLeft', { amount: formatPrice(sale.amountLeftCents) }),
            endsIn: t('saleEndsIn'),
          }}
        />
        <CartOptionsForm className={styles.options}>
          <label htmlFor="cart-coupon">{t('coupon')}</label>
          <div className={styles.couponRow}>
            <input
              id="cart-coupon"
              name="coupon"
              defaultValue={couponInput}
              maxLength={40}
              autoComplete="off"
            />
            <button type="submit" className="button button-secondary">
              {t('couponApply')}
            </button>
          </div>
          {couponInvalid && (
            <p className={styles.error} role="alert">
              {t('couponInvalid')}
            </p>
          )}
          {coupon && (
            <p className={styles.note}>
              {t('couponApplied', { code: coupon.code, percent: coupon.percentOff })}
            </p>
          )}
          {signedIn && (
            <>
              <p className={styles.note}>
                {t('creditsBalance', { balance: formatPrice(creditsBalanceCents) })}
              </p>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  name="credits"
                  value="1"
                  defaultChecked={useCredits}
                  disabled={credits.blockedBy !== null}
                />
                {t('useCredits', { amount: formatPrice(credits.usableCents) })}
              </label>
              {creditsNote && <p className={styles.note}>{creditsNote}</p>}
            </>
          )}
        </CartOptionsForm>
        <dl className={styles.rows} aria-live="polite">
          <dt>{t('subtotal')}</dt>
          <dd data-testid="cart-subtotal">{formatPrice(pricing.subtotalCents)}</dd>
          {pricing.saleDiscountCents > 0 && (
            <>
              <dt>{t('saleDiscounts')}</dt>
              <dd>{formatPrice(-pricing.saleDiscountCents)}</dd>
            </>
          )}
          {pricing.couponDiscountCents > 0 && coupon && (
            <>
              <dt>{t('couponDiscount', { code: coupon.code })}</dt>
              <dd>{formatPrice(-pricing.couponDiscountCents)}</dd>
            </>
          )}
          {pricing.creditsCents > 0 && (
            <>
              <dt>{t('creditsUsed')}</dt>
              <dd data-testid="cart-credits">{formatPrice(-pricing.creditsCents)}</dd>
            </>
          )}
          <dt className={styles.totalRow}>{t('total')}</dt>
          <dd className={styles.totalRow} data-testid="cart-total">
            {formatPrice(pricing.totalCents)}
          </dd>
        </dl>
        <p className={styles.note}>{t('vat')}</p>
        {checkout}
      </section>
    </div>
  );
}
