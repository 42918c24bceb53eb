import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { adminOrNotFound } from '@/features/accounts/server/page-access';
import { PromotionForm } from '@/features/conversations/components/promotion-form';
import { promotionAudience } from '@/features/conversations/server/support-commands';
import { promotionGroups } from '@/features/conversations/support-rules';
import { localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('conversationFlows.Promotions');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: a message to a group of users, each in a `promotions` conversation (decision 0037). */
export default async function AdminPromotionsPage({ params }: Props) {
  const locale = await localeOf(params);
  const admin = await adminOrNotFound(locale, '/admin/promotions');
  const [t, start, audience] = await Promise.all([
    getTranslations('conversationFlows.Promotions'),
    getTranslations('conversations.Start'),
    promotionAudience(admin),
  ]);
  return (
    <div className="container">
      <a className={styles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('intro')}</p>
      <PromotionForm
        languageTag={languageTags[locale]}
        groups={promotionGroups.map((group) => ({
          value: group,
          label: t(`group_${group}`),
          count: audience[group],
          reach: t('reach', { count: audience[group] }),
        }))}
        labels={{
          group: t('group'),
          chooseGroup: t('chooseGroup'),
          subject: t('subject'),
          message: t('message'),
          send: t('send'),
          sending: t('sending'),
          failed: t('failed'),
          rateLimited: t('rateLimited'),
          sent: {
            one: t.raw('sent_one') as string,
            few: t.raw('sent_few') as string,
            many: t.raw('sent_many') as string,
            other: t.raw('sent_other') as string,
          },
          errors: {
            group_required: t('group_required'),
            subject_required: (await getTranslations('conversationFlows.Support'))('subject_required'),
            subject_too_long: (await getTranslations('conversationFlows.Support')).raw(
              'subject_too_long',
            ) as string,
            message_required: start('required'),
            message_too_long: start.raw('tooLong') as string,
          },
        }}
      />
    </div>
  );
}
