import { getTranslations } from 'next-intl/server';

import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';
import { siteName } from '@/lib/site';

import type { CertificateDto } from '../server/repository';
import styles from './orders.module.css';
import { PrintButton } from './print-button';

/** A licence certificate (one per order line): licence type, licensee, model, date and terms; printable. */
export async function CertificateView({
  locale,
  certificate,
}: {
  locale: Locale;
  certificate: CertificateDto;
}) {
  const t = await getTranslations('orders.Certificate');
  const tCatalog = await getTranslations('catalog');
  const { line } = certificate;
  const licence = line.licence as 'royalty_free';
  const number = `${certificate.orderId}-${line.id}`;
  return (
    <article className={styles.certificate} data-testid="certificate">
      <h1>{t('title')}</h1>
      <p className={styles.number}>
        {siteName} · {t('number', { number })}
      </p>
      <dl className="facts">
        <dt>{t('model')}</dt>
        <dd>{line.title}</dd>
        <dt>{t('designer')}</dt>
        <dd>{certificate.designer.username}</dd>
        <dt>{t('licensee')}</dt>
        <dd>{certificate.buyer.displayName ?? certificate.buyer.username}</dd>
        <dt>{t('licence')}</dt>
        <dd data-testid="certificate-licence">{tCatalog(`Licence.${licence}`)}</dd>
        <dt>{t('date')}</dt>
        <dd>
          {new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long' }).format(certificate.paidAt)}
        </dd>
        <dt>{t('order')}</dt>
        <dd>#{certificate.orderId}</dd>
        <dt>{t('price')}</dt>
        <dd>{formatPrice(line.finalCents)}</dd>
      </dl>
      <h2 className="section-title">{t('terms')}</h2>
      <p className={styles.terms}>{tCatalog(`LicenceTerms.${licence}`)}</p>
      <p className={styles.noPrint}>
        <PrintButton className="button button-secondary" label={t('print')} />
      </p>
    </article>
  );
}
