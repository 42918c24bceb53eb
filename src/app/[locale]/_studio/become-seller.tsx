import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/features/studio/components/post-button';

/** What a buyer sees in the studio: what selling means, and the button that opens the studio. */
export async function BecomeSeller({ then }: { then: string }) {
  const t = await getTranslations('studio.BecomeSeller');
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <PostButton
        url="/api/internal/studio/become_seller"
        then={then}
        texts={{ label: t('button'), busy: t('busy'), failed: t('failed') }}
      />
    </div>
  );
}
