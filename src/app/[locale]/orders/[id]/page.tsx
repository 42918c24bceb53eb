import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { OrderView } from '@/features/orders/components/order-view';
import { findOrder } from '@/features/orders/server/repository';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('orders.Order');
  return { title: t('metaTitle', { id: (await params).id }), robots: { index: false } };
}

/** An order, for its buyer only: anybody else gets the same 404 as for an order that does not exist. */
export default async function OrderPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/orders/[id]', params: { id } });
  const order = /^\d{1,9}$/.test(id) ? await findOrder(Number(id), user.id) : null;
  if (!order) notFound();
  const t = await getTranslations('orders.Order');
  return (
    <div className="container">
      <h1 className="page-title">{t('title', { id: order.id })}</h1>
      <OrderView locale={locale} order={order} />
    </div>
  );
}
