import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { StudioModelList } from '@/features/studio/components/studio-model-list';
import { studioListTexts } from '@/features/studio/components/studio-texts';
import { getReviewQueue } from '@/features/studio/server/queries';
import { getPathname } from '@/i18n/navigation';
import { adminOrNotFound } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';
import { PossibleCopiesSection } from './stolen-model-sections';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin.Reviews');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Models waiting for a review, longest waiting first; each opens its studio page with the verdict form. */
export default async function ReviewQueuePage({ params }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/reviews');
  const [t, queue, texts] = await Promise.all([
    getTranslations('admin.Reviews'),
    getReviewQueue(),
    studioListTexts(),
  ]);
  return (
    <div className="container">
      <p>
        <a href={getPathname({ locale, href: '/admin' })}>{t('back')}</a>
      </p>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <PossibleCopiesSection locale={locale} queue={queue} />
      {queue.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <StudioModelList
          models={queue}
          locale={locale}
          texts={{
            ...texts,
            openLabel: (title) => t('open', { title }),
            extra: { label: t('seller'), value: (model) => model.designerUsername },
          }}
          hrefOf={(id) =>
            getPathname({ locale, href: { pathname: '/studio/models/[id]', params: { id: String(id) } } })
          }
        />
      )}
    </div>
  );
}
