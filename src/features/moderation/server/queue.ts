/** The queue as the admin page shows it: open reports with their content described by its feature. */
import type { Locale } from '@/i18n/routing';

import { findOpenReportGroups, type QueueEntry } from './queue-repository';
import type { ReportedContent } from './subjects';
import type { ModerationRegistry } from './subjects';

export async function loadModerationQueue(
  registry: ModerationRegistry,
  locale: Locale,
): Promise<{ entries: QueueEntry[]; total: number }> {
  const { groups, total } = await findOpenReportGroups();
  const idsByType = new Map<string, number[]>();
  for (const group of groups)
    idsByType.set(group.subjectType, [...(idsByType.get(group.subjectType) ?? []), group.subjectId]);
  const described = new Map<string, Map<number, ReportedContent>>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const subject = registry[type];
      if (subject) described.set(type, await subject.describe(ids, locale));
    }),
  );
  return {
    entries: groups.map((group) => ({
      group,
      content: described.get(group.subjectType)?.get(group.subjectId) ?? null,
    })),
    total,
  };
}
