import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import {
  BusinessApplicationForm,
  type BusinessFormLabels,
} from '@/features/business/components/business-application-form';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('pages.BusinessAccount');
  return {
    title: t('metaTitle'),
    description: t('description'),
    alternates: languageAlternates(locale, () => '/business-account'),
  };
}

/** Spec §2 `/business-account`: what a business account gives, and the application form. */
export default async function BusinessAccountPage({ params }: Props) {
  const locale = await localeOf(params);
  const t = await getTranslations('pages.BusinessAccount');
  const labelKeys = [
    'companyName',
    'contactName',
    'email',
    'submit',
    'submitting',
    'success',
    'required',
    'invalidEmail',
    'failed',
  ] as const;
  const labels = {
    ...Object.fromEntries(labelKeys.map((key) => [key, t(key)])),
    tooLong: t.raw('tooLong') as string,
  } as BusinessFormLabels;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('description')}</p>
      <h2 className="section-title">{t('benefits')}</h2>
      <ul>
        <li>{t('sharing')}</li>
        <li>{t('payments')}</li>
        <li>{t('licensing')}</li>
      </ul>
      <h2 className="section-title">{t('formTitle')}</h2>
      <BusinessApplicationForm locale={locale} labels={labels} />
    </div>
  );
}
