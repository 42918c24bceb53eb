import { getTranslations } from 'next-intl/server';

import type { PrintlistFormLabels } from '@/features/printlists/components/printlist-form';

const plainKeys = [
  'title',
  'description',
  'descriptionHint',
  'visibility',
  'public',
  'publicHint',
  'private',
  'privateHint',
  'saved',
  'failed',
  'rateLimited',
  'limit',
] as const;
const errorKeys = ['title_required', 'title_too_long', 'description_too_long', 'visibility_invalid'] as const;

/** The printlist form's texts, for making a list (`create`) or editing one (`save`). */
export async function printlistFormLabels(mode: 'create' | 'save'): Promise<PrintlistFormLabels> {
  const t = await getTranslations('printlists.Form');
  return {
    ...(Object.fromEntries(plainKeys.map((key) => [key, t(key)])) as Omit<
      PrintlistFormLabels,
      'submit' | 'busy' | 'errors'
    >),
    submit: t(mode),
    busy: t(mode === 'create' ? 'creating' : 'saving'),
    errors: Object.fromEntries(errorKeys.map((key) => [key, t(`errors.${key}`)])),
  };
}
