import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { skillLevelOptions, tutorialEditorTexts } from '@/features/tutorials/components/editor-texts';
import { TutorialEditor } from '@/features/tutorials/components/tutorial-editor';
import { tutorialSoftware } from '@/features/tutorials/tutorial-fields';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tutorials.Editor');
  return { title: t('newMetaTitle'), robots: { index: false } };
}

/** Write a tutorial: the text first, saved as a draft; the cover and pictures are added on its edit page. */
export default async function NewTutorialPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await currentUser();
  if (!user) redirect(localizedHref(locale, '/login', { next: localizedHref(locale, '/tutorials/new') }));
  const [t, texts, levels] = await Promise.all([
    getTranslations('tutorials.Editor'),
    tutorialEditorTexts(),
    skillLevelOptions(),
  ]);
  const editHref = getPathname({ locale, href: { pathname: '/tutorials/[id]/edit', params: { id: '{id}' } } }).replace(
    encodeURIComponent('{id}'),
    '{id}',
  );
  return (
    <div className="container">
      <h1 className="page-title">{t('newTitle')}</h1>
      <p className="page-lead">{t('newLead')}</p>
      <TutorialEditor
        tutorialId={null}
        initial={{ title: '', body: '', software: [], skillLevel: 'beginner' }}
        cover={null}
        software={tutorialSoftware}
        skillLevels={levels}
        texts={texts}
        editHref={editHref}
        viewHref={null}
        indexHref={localizedHref(locale, '/tutorials')}
      />
    </div>
  );
}
