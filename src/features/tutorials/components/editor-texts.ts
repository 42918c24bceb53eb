import { getTranslations } from 'next-intl/server';

import { skillLevels } from '../tutorial-fields';
import type { TutorialEditorTexts } from './tutorial-editor';

/** The editor's texts, translated on the server (no message formatter in the browser, decision 0007). */
export async function tutorialEditorTexts(): Promise<TutorialEditorTexts> {
  const [t, pictures] = await Promise.all([
    getTranslations('tutorials.Editor'),
    getTranslations('userPictures'),
  ]);
  const keys = [
    'title',
    'body',
    'software',
    'skillLevel',
    'required',
    'title_short',
    'title_long',
    'body_long',
    'software_required',
    'software_too_many',
    'invalid_choice',
    'picture_limit',
    'rate_limited',
    'failed',
    'cover_required',
    'body_required',
    'titleHint',
    'bodyHint',
    'softwareHint',
    'cover',
    'coverHint',
    'coverCurrent',
    'coverNone',
    'insertPicture',
    'insertPictureHint',
    'pictureAlt',
    'uploading',
    'uploaded',
    'picturesAfterSave',
    'save',
    'saving',
    'saved',
    'view',
    'delete',
    'deleteConfirm',
  ] as const;
  const texts = Object.fromEntries(keys.map((key) => [key, t.raw(key) as string])) as Record<
    (typeof keys)[number],
    string
  >;
  return {
    ...texts,
    picture_type: pictures('picture_type'),
    picture_too_large: pictures('picture_too_large'),
    picture_dimensions: pictures('picture_dimensions'),
  };
}

export async function skillLevelOptions(): Promise<{ key: string; label: string }[]> {
  const t = await getTranslations('tutorials.Skill');
  return skillLevels.map((key) => ({ key, label: t(key) }));
}
