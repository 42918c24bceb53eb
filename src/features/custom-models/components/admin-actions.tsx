import { getTranslations } from 'next-intl/server';

import type { CustomModelStatus } from '../custom-model-lifecycle';
import type { DesignerChoiceDto } from '../schemas';
import { ActionForm } from './action-form';
import styles from './custom-models-page.module.css';

/** An admin's actions on a request at its step: select a designer, pass QA or send back, cancel. */
export async function AdminActions({
  requestId,
  status,
  paid,
  designers,
}: {
  requestId: number;
  status: CustomModelStatus;
  paid: boolean;
  designers: DesignerChoiceDto[];
}) {
  const t = await getTranslations('admin.CustomModels');
  const base = `/api/internal/admin/custom-models/${requestId}`;
  const common = { failed: t('failed'), conflict: t('conflict') };
  const open = status !== 'approved' && status !== 'cancelled';
  if (!open) return null;
  return (
    <div className={styles.actions}>
      {status === 'submitted' &&
        (designers.length === 0 ? (
          <p>{t('noDesigners')}</p>
        ) : (
          <ActionForm
            endpoint={`${base}/assign`}
            choices={designers.map((d) => ({
              value: String(d.id),
              label: t('designerOption', {
                name: d.name,
                rating: d.rating.toFixed(1),
                projects: d.projectsDone,
              }),
            }))}
            texts={{
              ...common,
              submit: t('assign'),
              busy: t('assigning'),
              choice: t('selectDesigner'),
              choiceEmpty: t('chooseDesigner'),
              required_choice: t('required_choice'),
              not_accepting: t('not_accepting'),
            }}
          />
        ))}
      {status === 'in_qa' && (
        <>
          <ActionForm
            endpoint={`${base}/pass`}
            texts={{ ...common, submit: t('passQa'), busy: t('passing') }}
          />
          <ActionForm
            endpoint={`${base}/send_back`}
            withNote
            secondary
            texts={{
              ...common,
              submit: t('sendBack'),
              busy: t('sending'),
              note: t('sendBackNote'),
              noteHint: t('noteHint'),
              required: t('required'),
              note_length: t('note_length'),
            }}
          />
        </>
      )}
      <details className={styles.cancel}>
        <summary>{t('cancel')}</summary>
        <ActionForm
          endpoint={`${base}/cancel`}
          withNote
          noteRequired={false}
          secondary
          texts={{
            ...common,
            submit: paid ? t('cancelPaid') : t('cancel'),
            busy: t('cancelling'),
            note: t('cancelNote'),
          }}
        />
      </details>
    </div>
  );
}
