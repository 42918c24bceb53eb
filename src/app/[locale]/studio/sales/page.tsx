import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { BecomeSeller } from '@/features/seller-stats/components/become-seller';
import { SalesView } from '@/features/seller-stats/components/sales-view';
import { pageParamSchema, rangeParamSchema } from '@/features/seller-stats/schemas';
import { getSalesOverview } from '@/features/seller-stats/server/queries';
import { hasRole } from '@/server/auth/visitor';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sellerStats.Sales');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** "My sales" (spec §2 seller menu): for sellers (and admins, their own); others learn how to start. */
export default async function SalesPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/studio/sales');
  const t = await getTranslations('sellerStats.Sales');
  const isSeller = hasRole(user, 'seller') || hasRole(user, 'admin');
  const query = await searchParams;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      {isSeller ? (
        <SalesView
          locale={locale}
          overview={await getSalesOverview(user.id, {
            range: rangeParamSchema.parse(query.range),
            page: pageParamSchema.parse(query.page),
          })}
        />
      ) : (
        <BecomeSeller locale={locale} />
      )}
    </div>
  );
}
