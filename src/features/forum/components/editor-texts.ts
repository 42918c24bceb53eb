import { getTranslations } from 'next-intl/server';

import type { PostEditorTexts } from './post-editor';

/** The editor's texts in the request's language. */
export async function getPostEditorTexts(
  submit: 'createThread' | 'sendReply' | 'saveEdit',
): Promise<PostEditorTexts> {
  const [t, pictures] = await Promise.all([getTranslations('forum.editor'), getTranslations('userPictures')]);
  return {
    title: t('title'),
    category: t('category'),
    body: t('body'),
    bodyHint: t('bodyHint'),
    addPicture: t('addPicture'),
    uploading: t('uploading'),
    submit: t(submit),
    submitting: t('submitting'),
    cancel: t('cancel'),
    invalid: t('invalid'),
    limited: t('limited'),
    banned: t('banned'),
    locked: t('locked'),
    editWindow: t('editWindow'),
    held: t('held'),
    failed: t('failed'),
    pictureRefusals: {
      picture_type: pictures('picture_type'),
      picture_too_large: pictures('picture_too_large'),
      picture_dimensions: pictures('picture_dimensions'),
    },
  };
}
