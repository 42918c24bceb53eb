import { getTranslations } from 'next-intl/server';

import type { MakeFormLabels } from './make-upload-form';

const formKeys = [
  'heading',
  'pictures',
  'picturesHint',
  'description',
  'printer',
  'material',
  'settings',
  'settingsHint',
  'submit',
  'submitting',
  'posted',
  'pictures_missing',
  'pictures_too_many',
  'too_long',
  'rateLimited',
  'notFound',
  'banned',
  'failed',
] as const;

export async function makeFormLabels(): Promise<MakeFormLabels> {
  const [t, pictures] = await Promise.all([getTranslations('makes.Form'), getTranslations('userPictures')]);
  return {
    ...(Object.fromEntries(formKeys.map((key) => [key, t(key)])) as Omit<
      MakeFormLabels,
      'picture_type' | 'picture_too_large' | 'picture_dimensions'
    >),
    picture_type: pictures('picture_type'),
    picture_too_large: pictures('picture_too_large'),
    picture_dimensions: pictures('picture_dimensions'),
  };
}
