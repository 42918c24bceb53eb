import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { skillLevelOptions, tutorialEditorTexts } from '@/features/tutorials/components/editor-texts';
import { StatusActions } from '@/features/tutorials/components/status-actions';
import { TutorialEditor } from '@/features/tutorials/components/tutorial-editor';
import styles from '@/features/tutorials/components/tutorials.module.css';
import { tutorialIdOf, tutorialSoftware } from '@/features/tutorials/tutorial-fields';
import { getTutorialPage } from '@/features/tutorials/server/queries';
import { localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tutorials.Editor');
  return { title: t('editMetaTitle'), robots: { index: false } };
}

/** Its author edits a tutorial (draft or published); anybody else gets a 404. */
export default async function EditTutorialPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id: raw } = await params;
  const user = await currentUser();
  const here = localizedHref(locale, { pathname: '/tutorials/[id]/edit', params: { id: raw } });
  if (!user) redirect(localizedHref(locale, '/login', { next: here }));
  const id = tutorialIdOf(raw);
  const tutorial = id === null ? null : await getTutorialPage(id, user.id, locale);
  if (!tutorial || !tutorial.ownedByViewer) notFound();
  const [t, page, texts, levels] = await Promise.all([
    getTranslations('tutorials.Editor'),
    getTranslations('tutorials.Page'),
    tutorialEditorTexts(),
    skillLevelOptions(),
  ]);
  const viewHref = localizedHref(locale, { pathname: '/tutorials/[id]', params: { id: tutorial.segment } });
  return (
    <div className="container">
      <h1 className="page-title">{t('editTitle')}</h1>
      <div className={styles.ownerBar}>
        <p>
          {tutorial.status === 'draft' ? <strong className={styles.draft}>{page('draftNotice')}</strong> : page('publishedNotice')}
        </p>
        <StatusActions
          endpoint={`/api/internal/tutorials/${tutorial.id}`}
          status={tutorial.status}
          texts={{
            publish: page('publish'),
            unpublish: page('unpublish'),
            failed: page('failed'),
            rate_limited: page('rateLimited'),
            cover_required: page('coverRequired'),
            body_required: page('bodyRequired'),
            software_required: page('softwareRequired'),
          }}
        />
      </div>
      <TutorialEditor
        tutorialId={tutorial.id}
        initial={{
          title: tutorial.title,
          body: tutorial.body,
          software: tutorial.software,
          skillLevel: tutorial.skillLevel,
        }}
        cover={tutorial.cover?.src ?? null}
        software={tutorialSoftware}
        skillLevels={levels}
        texts={texts}
        editHref={here}
        viewHref={viewHref}
        indexHref={localizedHref(locale, { pathname: '/designers/[username]', params: { username: user.username } }, { tab: 'tutorials' })}
      />
    </div>
  );
}
