import { getTranslations } from 'next-intl/server';

import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { countPublicPrintlistsWithModel, findOwnChoices } from '../server/queries';
import styles from './printlists.module.css';
import { SaveToPrintlist, type SaveToPrintlistLabels } from './save-to-printlist';

const saveKeys = [
  'save',
  'yourLists',
  'noListsYet',
  'newList',
  'newListTitle',
  'makePrivate',
  'create',
  'private',
  'failed',
  'rateLimited',
  'titleRequired',
  'manage',
] as const;
/** Filled in the browser with the list's title. */
const templateKeys = ['added', 'removed', 'created'] as const;

/** The model page's printlists box: in how many public lists the model is, and "Save to a printlist". */
export async function ModelPrintlists({
  locale,
  model,
}: {
  locale: Locale;
  model: { id: number; url: string; productType: 'models' | 'print' };
}) {
  if (model.productType !== 'print') return null;
  const [t, user, listed] = await Promise.all([
    getTranslations('printlists.Save'),
    currentUser(),
    countPublicPrintlistsWithModel(model.id),
  ]);
  const labels = Object.fromEntries([
    ...saveKeys.map((key) => [key, t(key)]),
    ...templateKeys.map((key) => [key, t.raw(key) as string]),
  ]) as SaveToPrintlistLabels;
  return (
    <section className={styles.panel} aria-labelledby="printlists-heading" data-testid="model-printlists">
      <h2 id="printlists-heading">{t('heading')}</h2>
      <p data-testid="printlist-count">{t('inLists', { count: listed })}</p>
      {user ? (
        <SaveToPrintlist
          modelId={model.id}
          initial={await findOwnChoices(user.id, model.id)}
          manageHref={getPathname({ locale, href: '/printlists' })}
          labels={labels}
        />
      ) : (
        <p>
          <a href={localizedHref(locale, '/login', { next: model.url })}>{t('logIn')}</a> {t('logInPrompt')}
        </p>
      )}
    </section>
  );
}
