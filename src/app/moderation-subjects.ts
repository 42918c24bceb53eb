/**
 * The moderation queue's subject types (decision 0043): which feature's content can be reported, how
 * the queue shows it and which actions it offers. A feature plugs in by exporting a
 * `ModerationSubjectType` from its `server/` code and adding one line here; moderation stays as it is.
 */
import { forumPostSubject } from '@/features/forum/server/api';
import { makeSubject } from '@/features/makes/server/api';
import type { ModerationRegistry } from '@/features/moderation/server/api';
import { reviewSubject } from '@/features/ratings/server/moderation-subject';
import { tutorialCommentSubject } from '@/features/tutorials/server/moderation';

export const moderationSubjects: ModerationRegistry = {
  forum_post: forumPostSubject,
  make: makeSubject,
  model_review: reviewSubject,
  tutorial_comment: tutorialCommentSubject,
};
