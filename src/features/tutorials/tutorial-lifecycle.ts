/** A tutorial's states (decision 0045): written as a draft, published, taken back to draft by its author. */
import { LifecycleTransitionError } from '@/lib/lifecycle';

export const tutorialStatuses = ['draft', 'published'] as const;
export type TutorialStatus = (typeof tutorialStatuses)[number];

const transitions: Record<TutorialStatus, readonly TutorialStatus[]> = {
  draft: ['published'],
  published: ['draft'],
};

export function canTransition(from: TutorialStatus, to: TutorialStatus): boolean {
  return transitions[from].includes(to);
}

/**
 * The columns a transition sets, the clock a parameter: publishing dates the tutorial the first time
 * only (taking it back and publishing again keeps its place in the newest-first index).
 */
export function transition(
  tutorial: { status: TutorialStatus; publishedAt: Date | null },
  to: TutorialStatus,
  now: Date,
): { status: TutorialStatus; publishedAt: Date | null; updatedAt: Date } {
  if (!canTransition(tutorial.status, to))
    throw new LifecycleTransitionError('tutorial', tutorial.status, to);
  return {
    status: to,
    publishedAt: to === 'published' ? (tutorial.publishedAt ?? now) : tutorial.publishedAt,
    updatedAt: now,
  };
}
