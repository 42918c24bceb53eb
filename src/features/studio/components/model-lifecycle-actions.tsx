import { PostButton } from '@/components/ui/post-button';
import { sellerSteps, deletableStatuses, type ModelStatus } from '@/features/catalog/api';

import styles from './studio.module.css';

export type LifecycleTexts = Record<
  | 'unpublish'
  | 'unpublishing'
  | 'unpublishHint'
  | 'republish'
  | 'republishing'
  | 'deleteDraft'
  | 'deleting'
  | 'deleteConfirm'
  | 'failed'
  | 'conflict',
  string
>;

const offered = (from: readonly ModelStatus[], status: ModelStatus) => from.includes(status);

/**
 * The seller's own steps with a model, as its state allows them (the model lifecycle's table):
 * unpublish a published model, publish an unpublished one again, delete a draft (after a confirmation).
 */
export function ModelLifecycleActions({
  endpoint,
  status,
  texts,
  afterDelete,
}: {
  endpoint: string;
  status: ModelStatus;
  texts: LifecycleTexts;
  afterDelete: string;
}) {
  const failure = { failed: texts.failed, conflict: texts.conflict };
  const unpublish = offered(sellerSteps.unpublish.from, status);
  const republish = offered(sellerSteps.republish.from, status);
  const remove = deletableStatuses.includes(status);
  if (!unpublish && !republish && !remove) return null;
  return (
    <div className={styles.lifecycle}>
      {unpublish ? (
        <>
          <PostButton
            endpoint={`${endpoint}/unpublish`}
            json={{}}
            label={texts.unpublish}
            busyLabel={texts.unpublishing}
            texts={failure}
          />
          <p className={styles.hint}>{texts.unpublishHint}</p>
        </>
      ) : null}
      {republish ? (
        <PostButton
          endpoint={`${endpoint}/publish`}
          json={{}}
          className="button"
          label={texts.republish}
          busyLabel={texts.republishing}
          texts={failure}
        />
      ) : null}
      {remove ? (
        <PostButton
          endpoint={`${endpoint}/remove`}
          json={{}}
          label={texts.deleteDraft}
          busyLabel={texts.deleting}
          texts={failure}
          confirm={texts.deleteConfirm}
          then={afterDelete}
        />
      ) : null}
    </div>
  );
}
