import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PurchasesView } from '@/features/orders/components/purchases-view';
import { getPurchases } from '@/features/orders/server/queries';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.Purchases');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** "My purchases" (spec §2 buyer menu): the models bought, their certificates and downloads. */
export default async function PurchasesPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/purchases');
  const t = await getTranslations('orders.Purchases');
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <PurchasesView locale={locale} purchases={await getPurchases(user.id)} />
    </div>
  );
}
