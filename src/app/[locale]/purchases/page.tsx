import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { feedbackLabels } from '@/features/conversations/components/flow-texts';
import { RequestForm, type RequestFormLabels } from '@/features/conversations/components/request-form';
import { PurchasesView } from '@/features/orders/components/purchases-view';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
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
  const purchases = await getPurchases(user.id);
  const labels = new Map<number, RequestFormLabels>(
    await Promise.all(
      purchases.map(async (purchase) => [purchase.modelId, await feedbackLabels(purchase.title)] as const),
    ),
  );
  const conversationHref = getPathname({
    locale,
    href: { pathname: '/conversations/[id]', params: { id: 'CONVERSATION_ID' } },
  });
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <PurchasesView
        locale={locale}
        purchases={purchases}
        actions={(purchase) =>
          // Feedback on a bought model goes to its designer (decision 0037).
          purchase.designerId === user.id ? null : (
            <RequestForm
              endpoint={`/api/internal/items/${purchase.modelId}/feedback`}
              conversationHref={conversationHref}
              languageTag={languageTags[locale]}
              labels={labels.get(purchase.modelId)!}
              testId="feedback"
            />
          )
        }
      />
    </div>
  );
}
