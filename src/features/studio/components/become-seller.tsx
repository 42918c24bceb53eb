import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';

/** What a buyer sees in the studio: what selling means, and the button that opens the studio. */
export async function BecomeSeller({ then }: { then: string }) {
  const t = await getTranslations('studio.BecomeSeller');
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <PostButton
        endpoint="/api/internal/studio/become_seller"
        json={{}}
        then={then}
        className="button"
        label={t('button')}
        busyLabel={t('busy')}
        texts={{ failed: t('failed') }}
      />
    </div>
  );
}
