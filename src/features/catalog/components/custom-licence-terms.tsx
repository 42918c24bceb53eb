import { getTranslations } from 'next-intl/server';

import styles from './custom-licence-terms.module.css';

/** The seller's own terms of a custom licence, as written (line breaks kept). */
export async function CustomLicenceTerms({ terms, title }: { terms: string; title?: string }) {
  const t = await getTranslations('modelLifecycle.LicenceTerms');
  return (
    <span className={styles.terms} data-testid="custom-licence-terms">
      <strong>{title ? t('termsOf', { title }) : t('designerTerms')}</strong>
      <p>{terms}</p>
    </span>
  );
}

/**
 * Before paying: the custom licences' terms of the models in the cart, which the buyer agrees to by
 * buying them. Nothing when no model in the cart has any.
 */
export async function CartLicenceTerms({
  models,
}: {
  models: { modelId: number; title: string; terms: string }[];
}) {
  if (models.length === 0) return null;
  const t = await getTranslations('modelLifecycle.LicenceTerms');
  return (
    <section aria-labelledby="cart-licence-terms">
      <h2 id="cart-licence-terms" className="section-title">
        {t('cartHeading')}
      </h2>
      <p>{t('cartLead')}</p>
      <ul className={styles.list}>
        {models.map((model) => (
          <li key={model.modelId}>
            <CustomLicenceTerms terms={model.terms} title={model.title} />
          </li>
        ))}
      </ul>
    </section>
  );
}
