import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PriceTable, RequestTable, StepTracker } from '@/features/custom-models/components/request-views';
import { RequestForm } from '@/features/custom-models/components/request-form';
import {
  dateFormatter,
  paymentTexts,
  priceTableTexts,
  requestFormTexts,
  requestTableTexts,
  stepTexts,
} from '@/features/custom-models/components/custom-model-texts';
import styles from '@/features/custom-models/components/custom-models-page.module.css';
import { findSummaries } from '@/features/custom-models/server/repository';
import { checkoutTestCards } from '@/features/orders/server/api';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('customModels.Page');
  return { title: t('metaTitle'), description: t('metaDescription') };
}

const features = ['endToEnd', 'quality', 'pricing', 'scalable'] as const;

/**
 * The custom-model creation service (spec §1 "Custom solutions" (a), decision 0026): the pitch, the
 * fixed prices, then the request form and "My custom models" for a signed-in buyer; a guest sees the
 * pitch and prices and a log-in button that comes back here.
 */
export default async function CustomModelsPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await currentUser();
  const [t, pitch, steps, prices] = await Promise.all([
    getTranslations('customModels.Page'),
    getTranslations('home.CustomSolutions'),
    stepTexts(),
    priceTableTexts(),
  ]);
  const here = getPathname({ locale, href: '/custom-3d-models' });
  const trackingPrefix = getPathname({
    locale,
    href: { pathname: '/custom-3d-models/requests/[id]', params: { id: '' } },
  });
  const [formTexts, payTexts, cards, requests, tableTexts] = user
    ? await Promise.all([
        requestFormTexts(),
        paymentTexts(),
        checkoutTestCards(),
        findSummaries({ buyerId: user.id }),
        requestTableTexts(),
      ])
    : [null, null, null, [], null];
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>

      <section className={styles.section} aria-labelledby="cm-steps">
        <h2 id="cm-steps">{t('stepsTitle')}</h2>
        <StepTracker current="upload" done={false} texts={{ ...steps, current: '' }} plain />
      </section>

      <section className={styles.section} aria-labelledby="cm-features">
        <h2 id="cm-features">{t('featuresTitle')}</h2>
        <ul className={styles.features}>
          {features.map((key) => (
            <li key={key}>
              <strong>{pitch(`creationFeatures.${key}`)}</strong>
              <span>{pitch(`creationFeatures.${key}Text`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="cm-prices">
        <h2 id="cm-prices">{t('pricesTitle')}</h2>
        <p>{t('pricesLead')}</p>
        <PriceTable texts={prices} />
      </section>

      <section className={styles.section} aria-labelledby="cm-form">
        <h2 id="cm-form">{t('formTitle')}</h2>
        {user && formTexts && payTexts ? (
          <RequestForm
            locale={languageTags[locale]}
            trackingPrefix={trackingPrefix}
            testCards={cards}
            texts={formTexts}
            paymentTexts={payTexts}
          />
        ) : (
          <>
            <p>{t('guestNote')}</p>
            <p>
              <a className="button" href={localizedHref(locale, '/login', { next: here })}>
                {t('logIn')}
              </a>
            </p>
          </>
        )}
      </section>

      {user && tableTexts ? (
        <section className={styles.section} aria-labelledby="cm-mine">
          <h2 id="cm-mine">{t('myRequests')}</h2>
          {requests.length === 0 ? (
            <p>{t('myRequestsEmpty')}</p>
          ) : (
            <RequestTable
              requests={requests}
              hrefOf={(id) => `${trackingPrefix}${id}`}
              formatDate={dateFormatter(locale)}
              texts={tableTexts}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}
