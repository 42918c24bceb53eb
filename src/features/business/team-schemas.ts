/**
 * Inputs of the team and admin calls (zod on the server). The invitation form's check has no schema
 * library so the browser can share it.
 */
import { z } from 'zod';

import { isValidEmail } from '@/lib/email';

/** POST /api/internal/admin/business_applications/{id}/decide: the admin's decision. */
export const applicationDecisionSchema = z.object({ decision: z.enum(['approved', 'rejected']) });

/** Field error keys of the team invitation form (spec §5 texts for required and invalid email). */
export type InviteFieldError = 'required' | 'invalid_email' | 'already_member';

/** Checks the invitation form's email: required, valid (the same check as the application form). */
export function validateInvitation(
  input: unknown,
): { ok: true; email: string } | { ok: false; fieldErrors: { email: InviteFieldError } } {
  const raw = (input as { email?: unknown } | null)?.email;
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return { ok: false, fieldErrors: { email: 'required' } };
  if (!isValidEmail(email)) return { ok: false, fieldErrors: { email: 'invalid_email' } };
  return { ok: true, email };
}

/** POST /api/internal/team/join: the token of an invitation link. */
export const joinInputSchema = z.object({ token: z.string().regex(/^[\w-]{43}$/) });

/** POST /api/internal/team/members/remove: the member to remove. */
export const removeMemberSchema = z.object({ userId: z.number().int().positive() });

/** POST /api/internal/team/invitations/revoke: the invitation to withdraw. */
export const revokeInvitationSchema = z.object({ invitationId: z.number().int().positive() });

/** What accepting an invitation came to; every refusal has its own message on the join page. */
export type JoinOutcome =
  | { status: 'joined'; teamId: number; role: 'owner' | 'member' }
  | { status: 'invalid' | 'used' | 'expired' | 'wrong_email' | 'other_team' };

export type InvitationState = 'open' | 'used' | 'expired';

/** An invitation as the join page shows it. */
export interface InvitationDto {
  id: number;
  teamId: number;
  teamName: string;
  email: string;
  expiresAt: Date;
  acceptedAt: Date | null;
}

export function invitationState(invitation: InvitationDto, now: Date): InvitationState {
  if (invitation.acceptedAt) return 'used';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** Invitation links work for 14 days. */
export const invitationLifetimeMs = 14 * 86_400_000;

/** Invitations a team owner may send per hour. */
export const invitationsPerHour = 20;

/** Admin lists show this many rows a page. */
export const adminPageSize = 25;
