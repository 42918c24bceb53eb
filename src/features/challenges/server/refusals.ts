import { AppError, type ErrorCode } from '@/server/errors';

/** Why a challenge refused a change; the forms translate each (`challenges.Refusals`). */
export const challengeRefusals = [
  'not_found',
  'wrong_kind',
  'not_open',
  'already_entered',
  'not_voting',
  'own_entry',
  'schedule_back',
  'results_in_past',
] as const;
export type ChallengeRefusalReason = (typeof challengeRefusals)[number];

const statusOf: Record<ChallengeRefusalReason, ErrorCode> = {
  not_found: 'NOT_FOUND',
  wrong_kind: 'BAD_REQUEST',
  not_open: 'CONFLICT',
  already_entered: 'CONFLICT',
  not_voting: 'CONFLICT',
  own_entry: 'FORBIDDEN',
  schedule_back: 'CONFLICT',
  results_in_past: 'BAD_REQUEST',
};

const messages: Record<ChallengeRefusalReason, string> = {
  not_found: 'No such challenge, entry or model of yours',
  wrong_kind: 'This challenge takes another kind of entry',
  not_open: 'Submissions are not open for this challenge',
  already_entered: 'You have already entered this challenge',
  not_voting: 'Voting is not open for this challenge',
  own_entry: 'You cannot vote for your own entry',
  schedule_back: 'The new dates would move the challenge back to an earlier phase, or it is over',
  results_in_past: 'The results date must be in the future',
};

export class ChallengeRefusal extends AppError {
  constructor(readonly reason: ChallengeRefusalReason) {
    super(statusOf[reason], messages[reason]);
  }
}
