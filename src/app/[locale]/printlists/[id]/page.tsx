import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { cache } from 'react';

import { smallestSource } from '@/features/catalog/api';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { DeletePrintlist } from '@/features/printlists/components/delete-printlist';
import { PrintlistForm } from '@/features/printlists/components/printlist-form';
import {
  PrintlistItemsEditor,
  type ItemsEditorLabels,
} from '@/features/printlists/components/printlist-items-editor';
import styles from '@/features/printlists/components/printlists.module.css';
import { printlistIdOf } from '@/features/printlists/server/commands';
import { getPrintlist } from '@/features/printlists/server/queries';
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { renderUserMarkdown } from '@/server/text/user-markdown';

import { localeOf } from '../../route-params';
import { printlistFormLabels } from '../form-labels';

type Props = { params: Promise<{ locale: string; id: string }> };

/** The list if the visitor may see it; a private list of another user, or none, is the plain 404. */
const printlistFor = cache(async (locale: Locale, rawId: string) => {
  const user = await currentUser();
  try {
    return { user, ...(await getPrintlist(locale, printlistIdOf(rawId), user?.id ?? null)) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const { list } = await printlistFor(locale, (await params).id);
  const t = await getTranslations('printlists.List');
  return {
    title: t('metaTitle', { title: list.title, username: list.ownerUsername }),
    description:
      list.description.slice(0, 160) || t('metaTitle', { title: list.title, username: list.ownerUsername }),
    robots: list.visibility === 'private' ? { index: false } : undefined,
  };
}

const editorKeys = ['heading', 'moveUp', 'moveDown', 'remove', 'failed', 'rateLimited', 'changed'] as const;

/** A printlist: its models in the owner's order; the owner edits, reorders, removes and deletes here. */
export default async function PrintlistPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const { user, list, models } = await printlistFor(locale, id);
  const [t, format] = await Promise.all([getTranslations('printlists.List'), getFormatter()]);
  const owner = user?.id === list.ownerId;
  const path = getPathname({
    locale,
    href: { pathname: '/printlists/[id]', params: { id: String(list.id) } },
  });
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const descriptionHtml = renderUserMarkdown(list.description, {
    localizeLink: (href) => `${prefix}${href}`,
  });
  const editorLabels = Object.fromEntries([
    ...editorKeys.map((key) => [key, t(key)]),
    ['moved', t.raw('moved') as string],
    ['removedItem', t.raw('removedItem') as string],
  ]) as ItemsEditorLabels;
  return (
    <div className="container">
      <div className={styles.head}>
        <h1 className="page-title">
          {list.title}
          {list.visibility === 'private' && <em className={styles.badge}>{t('private')}</em>}
        </h1>
      </div>
      <p className="page-lead">
        <a
          href={getPathname({
            locale,
            href: { pathname: '/designers/[username]', params: { username: list.ownerUsername } },
          })}
        >
          {t('by', { username: list.ownerUsername })}
        </a>{' '}
        · {t('models', { count: models.length })} ·{' '}
        {t('updated', { date: format.dateTime(list.updatedAt, { dateStyle: 'medium' }) })}
      </p>
      {descriptionHtml && (
        <div className={styles.description} dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
      )}
      {list.visibility === 'public' ? (
        <div className={styles.share}>
          <label htmlFor="printlist-share">{t('share')}</label>
          <input id="printlist-share" readOnly value={new URL(path, env.publicUrl).toString()} />
        </div>
      ) : (
        owner && <p>{t('privateNote')}</p>
      )}
      {models.length === 0 ? (
        <p>{owner ? t('emptyOwner') : t('empty')}</p>
      ) : owner ? (
        <PrintlistItemsEditor
          printlistId={list.id}
          initial={models.map((m) => ({
            id: m.id,
            title: m.title,
            url: m.url,
            picture: smallestSource(m.primaryImage),
          }))}
          labels={editorLabels}
        />
      ) : (
        <ModelGrid models={models} />
      )}
      {owner && (
        <details className={styles.owner}>
          <summary>{t('edit')}</summary>
          <PrintlistForm
            url={`/api/internal/printlists/${list.id}`}
            initial={{ title: list.title, description: list.description, visibility: list.visibility }}
            labels={await printlistFormLabels('save')}
          />
          <DeletePrintlist
            printlistId={list.id}
            afterHref={getPathname({ locale, href: '/printlists' })}
            labels={{
              delete: t('delete'),
              confirm: t('deleteConfirm'),
              deleting: t('deleting'),
              failed: t('failed'),
            }}
          />
        </details>
      )}
    </div>
  );
}
