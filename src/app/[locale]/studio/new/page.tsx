import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { BecomeSeller } from '@/features/studio/components/become-seller';
import { ModelDetailsForm } from '@/features/studio/components/model-details-form';
import { detailsFormTexts } from '@/features/studio/components/studio-texts';
import { findCategoryChoices } from '@/features/studio/server/repository';
import { getPathname } from '@/i18n/navigation';
import { hasRole } from '@/server/auth/visitor';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('studio.NewModel');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** "Upload model" (spec §2 seller menu), step one: the details; files and pictures follow on the model's page. */
export default async function NewModelPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/studio/new');
  if (!hasRole(user, 'seller')) return <BecomeSeller then={getPathname({ locale, href: '/studio/new' })} />;
  const [t, categories, texts] = await Promise.all([
    getTranslations('studio.NewModel'),
    findCategoryChoices(locale),
    detailsFormTexts(),
  ]);
  const modelsPrefix = getPathname({ locale, href: '/studio' }) + '/models';
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <ModelDetailsForm
        endpoint="/api/internal/studio/models"
        categories={categories}
        texts={texts}
        createdHref={modelsPrefix}
        initial={{
          title: '',
          description: '',
          categoryId: null,
          tags: [],
          priceCents: null,
          licence: 'royalty_free',
          licenceTerms: null,
          unit: 'mm',
          walletEligible: true,
        }}
      />
    </div>
  );
}
