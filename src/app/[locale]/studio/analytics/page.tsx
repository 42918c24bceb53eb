import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AnalyticsView } from '@/features/seller-stats/components/analytics-view';
import { BecomeSeller } from '@/features/seller-stats/components/become-seller';
import { modelParamSchema, pageParamSchema, rangeParamSchema } from '@/features/seller-stats/schemas';
import { getAnalytics } from '@/features/seller-stats/server/queries';
import { hasRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sellerStats.Analytics');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The seller's analytics (spec §2 seller menu): `?model=` narrows the charts to one of the seller's
 * models; another seller's model gets the same 404 as one that does not exist.
 */
export default async function AnalyticsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/studio/analytics');
  const t = await getTranslations('sellerStats.Analytics');
  if (!hasRole(user, 'seller') && !hasRole(user, 'admin'))
    return (
      <div className="container">
        <h1 className="page-title">{t('title')}</h1>
        <BecomeSeller locale={locale} />
      </div>
    );
  const query = await searchParams;
  const modelId = modelParamSchema.parse(query.model);
  if (modelId === 'invalid') notFound();
  const overview = await getAnalytics(user.id, {
    range: rangeParamSchema.parse(query.range),
    modelId,
    page: pageParamSchema.parse(query.page),
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <AnalyticsView locale={locale} overview={overview} />
    </div>
  );
}
