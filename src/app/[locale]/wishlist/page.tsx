import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { findWishlistModelIds } from '@/features/cart/server/repository';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { getModelCardsByIds } from '@/features/catalog/server/queries';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cart.Wishlist');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Spec §2 `/wishlist`: the models the user keeps, in the wishlist's order, as model cards. */
export default async function WishlistPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/wishlist');
  const [t, ids] = await Promise.all([getTranslations('cart.Wishlist'), findWishlistModelIds(user.id, 60)]);
  const cards = ids.length === 0 ? [] : await getModelCardsByIds(locale, ids);
  const position = new Map(ids.map((id, index) => [id, index]));
  const models = [...cards].sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      {models.length === 0 ? <p className="page-lead">{t('empty')}</p> : <ModelGrid models={models} />}
    </div>
  );
}
