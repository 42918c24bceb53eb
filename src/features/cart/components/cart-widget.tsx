import { getTranslations } from 'next-intl/server';

import { DisclosureMenu } from '@/components/layout/disclosure-menu';
import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import type { CartPricing } from '@/features/orders/api';
import { formatPrice } from '@/lib/money';

import type { CartLineDto } from '../schemas';
import { CartCount } from './cart-count';
import styles from './cart-widget.module.css';
import { SaleNotice } from './sale-notice';

const shownLines = 5;

/**
 * The header's cart (spec §2, §4 "Cart sale state"): the count on the icon; opened, the first items,
 * the total, and while a sale runs the amount left to reach its threshold and the time left.
 */
export async function CartWidget({
  locale,
  lines,
  pricing,
  now,
}: {
  locale: Locale;
  lines: CartLineDto[];
  pricing: CartPricing;
  now: Date;
}) {
  const t = await getTranslations('cart.Widget');
  const finalOf = new Map(pricing.lines.map((line) => [line.modelId, line.finalCents]));
  const { sale } = pricing;
  return (
    <DisclosureMenu
      className={styles.widget}
      summaryClassName={styles.button}
      summary={
        <>
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
            <circle cx="10" cy="20" r="1.4" />
            <circle cx="17" cy="20" r="1.4" />
          </svg>
          <span className="visually-hidden">{t('label', { count: lines.length })}</span>
          <CartCount initial={lines.length} className={styles.count} />
        </>
      }
    >
      <div className={styles.panel}>
        {lines.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <>
            <ul className={styles.lines}>
              {lines.slice(0, shownLines).map((line) => (
                <li key={line.modelId}>
                  <span>{line.title}</span>
                  <span>{formatPrice(finalOf.get(line.modelId) ?? line.priceCents)}</span>
                </li>
              ))}
            </ul>
            {lines.length > shownLines && (
              <p className={styles.empty}>{t('more', { count: lines.length - shownLines })}</p>
            )}
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
            <p className={styles.total}>
              <span>{t('total')}</span>
              <span>{formatPrice(pricing.totalCents)}</span>
            </p>
          </>
        )}
        <a className="button" href={localizedHref(locale, '/cart')}>
          {t('viewCart')}
        </a>
      </div>
    </DisclosureMenu>
  );
}
