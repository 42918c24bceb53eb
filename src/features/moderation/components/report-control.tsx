import { getTranslations } from 'next-intl/server';

import { reportReasons } from '../api';
import { ReportForm } from './report-form';

/** The report form with its texts, for any feature's page (decision 0043). */
export async function ReportControl({
  subjectType,
  subjectId,
  title,
  label,
}: {
  subjectType: string;
  subjectId: number;
  /** The form's heading ("Report this review"); default "Report this post". */
  title?: string;
  label?: string;
}) {
  const t = await getTranslations('moderation');
  const texts = {
    open: t('report.open'),
    title: title ?? t('report.title'),
    reason: t('report.reason'),
    note: t('report.note'),
    send: t('report.send'),
    cancel: t('report.cancel'),
    sending: t('report.sending'),
    sent: t('report.sent'),
    already: t('report.already'),
    limited: t('report.limited'),
    gone: t('report.gone'),
    failed: t('report.failed'),
    reasons: Object.fromEntries(reportReasons.map((r) => [r, t(`reasons.${r}`)])) as Record<
      (typeof reportReasons)[number],
      string
    >,
  };
  return <ReportForm subjectType={subjectType} subjectId={subjectId} texts={texts} label={label} />;
}
