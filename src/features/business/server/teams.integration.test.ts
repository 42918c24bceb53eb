import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { decideApplication, listApplications } from './admin-commands';
import { applyForBusinessAccount } from './commands';
import type { InvitationEmailWriter } from './invitation-email';
import { inviteToTeam, joinTeam, removeTeamMember, revokeInvitation } from './team-commands';
import { getInvitation, getTeamView } from './team-queries';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
/** Tests read the token from the email the way a user would. */
const writeEmail: InvitationEmailWriter = async (input) => ({
  to: input.to,
  subject: `${input.kind} invitation to ${input.teamName}`,
  text: `join: /team/join?token=${input.token}`,
});

async function newUser(
  name: string,
  roles = '{buyer}',
): Promise<{ id: number; email: string; username: string; displayName: null }> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, roles],
  );
  return { id: row!.id, email: `${name}@Example.com`, username: name, displayName: null };
}

async function apply(company: string, email: string): Promise<number> {
  const result = await applyForBusinessAccount({
    companyName: company,
    contactName: 'Bo',
    email,
    locale: 'de',
  });
  if (!result.ok) throw new Error('application refused');
  return result.id;
}

async function lastTokenTo(email: string): Promise<string> {
  const [row] = await t.handle.query<{ body_text: string }>(
    `SELECT body_text FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1`,
    [email],
  );
  return /token=([\w-]{43})/.exec(row!.body_text)![1]!;
}

async function rolesOf(userId: number): Promise<string[]> {
  const [row] = await t.handle.query<{ roles: string }>(
    `SELECT roles::text[] AS roles FROM users WHERE id = $1`,
    [userId],
  );
  return row!.roles as unknown as string[];
}

let admin: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestDatabase();
  admin = await newUser('the-admin', '{buyer,admin}');
});
afterAll(() => t.cleanup());

describe('business applications (admin)', () => {
  it('lists newest first, filters by status; approving creates the team and emails the owner invitation', async () => {
    const first = await apply('First Co', 'first@example.com');
    const second = await apply('Second Co', 'second@example.com');
    await t.handle.query(`UPDATE business_applications SET created_at = $2 WHERE id = $1`, [
      first,
      new Date(now.getTime() - day),
    ]);
    const all = await listApplications({ status: null, page: 1 });
    expect(all.items.map((a) => a.id).slice(0, 2)).toEqual([second, first]);

    expect(await decideApplication(admin.id, first, { decision: 'approved' }, { now, writeEmail })).toEqual({
      status: 'approved',
      teamId: expect.any(Number),
    });
    const [team] = await t.handle.query<{ name: string; application_id: number }>(
      `SELECT name, application_id FROM business_teams WHERE application_id = $1`,
      [first],
    );
    expect(team).toEqual({ name: 'First Co', application_id: first });
    const [invitation] = await t.handle.query<{ email: string; expires_at: Date; accepted_at: null }>(
      `SELECT email, expires_at, accepted_at FROM team_invitations WHERE team_id = (SELECT id FROM business_teams WHERE application_id = $1)`,
      [first],
    );
    expect(invitation).toEqual({
      email: 'first@example.com',
      expires_at: new Date(now.getTime() + 14 * day),
      accepted_at: null,
    });
    const [mail] = await t.handle.query<{ subject: string }>(
      `SELECT subject FROM email_outbox WHERE to_address = 'first@example.com'`,
    );
    expect(mail!.subject).toBe('owner invitation to First Co');

    await decideApplication(admin.id, second, { decision: 'rejected' }, { now, writeEmail });
    const [rejected] = await t.handle.query<{ status: string; decided_by: number }>(
      `SELECT status, decided_by FROM business_applications WHERE id = $1`,
      [second],
    );
    expect(rejected).toEqual({ status: 'rejected', decided_by: admin.id });
    expect(await t.handle.query(`SELECT id FROM business_teams WHERE application_id = $1`, [second])).toEqual(
      [],
    );

    const approved = await listApplications({ status: 'approved', page: 1 });
    expect(approved.items.map((a) => [a.id, a.decidedBy, a.teamId !== null])).toEqual([
      [first, 'the-admin', true],
    ]);
    expect((await listApplications({ status: 'rejected', page: 1 })).items.map((a) => a.id)).toEqual([
      second,
    ]);
    expect((await listApplications({ status: 'submitted', page: 1 })).items).toEqual([]);

    // A decided application stays decided.
    await expect(
      decideApplication(admin.id, second, { decision: 'approved' }, { now, writeEmail }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(decideApplication(admin.id, 999_999, { decision: 'approved' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(decideApplication(admin.id, first, { decision: 'maybe' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('two concurrent approvals of one application create exactly one team and one invitation', async () => {
    const id = await apply('Race Co', 'race@example.com');
    const results = await Promise.allSettled([
      decideApplication(admin.id, id, { decision: 'approved' }, { now, writeEmail }),
      decideApplication(admin.id, id, { decision: 'approved' }, { now, writeEmail }),
      decideApplication(admin.id, id, { decision: 'rejected' }, { now, writeEmail }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    const teams = await t.handle.query(`SELECT id FROM business_teams WHERE application_id = $1`, [id]);
    const [status] = await t.handle.query<{ status: string }>(
      `SELECT status FROM business_applications WHERE id = $1`,
      [id],
    );
    expect(teams).toHaveLength(status!.status === 'approved' ? 1 : 0);
    expect(
      await t.handle.query(`SELECT id FROM email_outbox WHERE to_address = 'race@example.com'`),
    ).toHaveLength(status!.status === 'approved' ? 1 : 0);
  });
});

describe('teams', () => {
  it('owner joins by the approval link, invites a member, who joins; used, expired, wrong and other-team links refused', async () => {
    const owner = await newUser('acme-owner');
    const member = await newUser('acme-member');
    const outsider = await newUser('outsider');
    const id = await apply('Acme', owner.email);
    await decideApplication(admin.id, id, { decision: 'approved' }, { now, writeEmail });
    const ownerToken = await lastTokenTo(owner.email);

    expect(await getInvitation(ownerToken, now)).toMatchObject({
      invitation: { teamName: 'Acme' },
      state: 'open',
    });
    // Only the account with the invited address may use the link.
    expect(await joinTeam(outsider, { token: ownerToken }, { now })).toEqual({ status: 'wrong_email' });
    const joined = await joinTeam(owner, { token: ownerToken }, { now });
    expect(joined).toEqual({ status: 'joined', teamId: expect.any(Number), role: 'owner' });
    expect(await rolesOf(owner.id)).toEqual(['buyer', 'business_member']);
    expect(await joinTeam(owner, { token: ownerToken }, { now })).toEqual({ status: 'used' });
    expect(await getInvitation(ownerToken, now)).toMatchObject({ state: 'used' });
    expect(await joinTeam(owner, { token: 'x'.repeat(43) }, { now })).toEqual({ status: 'invalid' });
    expect(await joinTeam(owner, { token: 'short' }, { now })).toEqual({ status: 'invalid' });

    // Only the owner invites: a member or an outsider gets FORBIDDEN.
    await expect(
      inviteToTeam(outsider, { email: 'x@example.com' }, { now, writeEmail }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await inviteToTeam(owner, { email: '' }, { now, writeEmail })).toEqual({
      ok: false,
      fieldErrors: { email: 'required' },
    });
    expect(await inviteToTeam(owner, { email: 'not-an-email' }, { now, writeEmail })).toEqual({
      ok: false,
      fieldErrors: { email: 'invalid_email' },
    });
    expect(await inviteToTeam(owner, { email: owner.email.toUpperCase() }, { now, writeEmail })).toEqual({
      ok: false,
      fieldErrors: { email: 'already_member' },
    });
    // A resend replaces the open invitation: the first link no longer works.
    await inviteToTeam(owner, { email: member.email }, { now, writeEmail });
    const stale = await lastTokenTo(member.email);
    await inviteToTeam(owner, { email: member.email }, { now, writeEmail });
    const fresh = await lastTokenTo(member.email);
    expect(await joinTeam(member, { token: stale }, { now })).toEqual({ status: 'invalid' });
    const view = await getTeamView(owner.id, now);
    expect(view?.invitations.map((i) => i.email)).toEqual([member.email]);

    // Expired after 14 days.
    expect(await joinTeam(member, { token: fresh }, { now: new Date(now.getTime() + 14 * day) })).toEqual({
      status: 'expired',
    });
    expect(await joinTeam(member, { token: fresh }, { now: new Date(now.getTime() + 13 * day) })).toEqual({
      status: 'joined',
      teamId: joined.status === 'joined' ? joined.teamId : -1,
      role: 'member',
    });
    expect(await rolesOf(member.id)).toContain('business_member');
    const after = await getTeamView(member.id, now);
    expect(after?.membership).toMatchObject({ teamName: 'Acme', role: 'member' });
    expect(after?.members.map((m) => [m.username, m.role])).toEqual([
      ['acme-owner', 'owner'],
      ['acme-member', 'member'],
    ]);
    expect(after?.invitations).toEqual([]);

    // A member of another team cannot join this one.
    const other = await apply('Other', outsider.email);
    await decideApplication(admin.id, other, { decision: 'approved' }, { now, writeEmail });
    expect(await joinTeam(outsider, { token: await lastTokenTo(outsider.email) }, { now })).toMatchObject({
      status: 'joined',
      role: 'owner',
    });
    await inviteToTeam(owner, { email: outsider.email }, { now, writeEmail });
    expect(await joinTeam(outsider, { token: await lastTokenTo(outsider.email) }, { now })).toEqual({
      status: 'other_team',
    });
    const pending = (await getTeamView(owner.id, now))!.invitations;
    await expect(revokeInvitation(outsider.id, { invitationId: pending[0]!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await revokeInvitation(owner.id, { invitationId: pending[0]!.id });
    expect((await getTeamView(owner.id, now))!.invitations).toEqual([]);

    // Removing: members only, by the owner only.
    await expect(removeTeamMember(member.id, { userId: owner.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(removeTeamMember(owner.id, { userId: owner.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(removeTeamMember(owner.id, { userId: outsider.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await removeTeamMember(owner.id, { userId: member.id });
    expect(await getTeamView(member.id, now)).toBeNull();
    expect(await rolesOf(member.id)).toEqual(['buyer']);
  });

  it('invitations are rate limited per owner', async () => {
    const owner = await newUser('busy-owner');
    const id = await apply('Busy', owner.email);
    await decideApplication(admin.id, id, { decision: 'approved' }, { now, writeEmail });
    await joinTeam(owner, { token: await lastTokenTo(owner.email) }, { now });
    for (let i = 0; i < 20; i += 1)
      expect(await inviteToTeam(owner, { email: `p${i}@example.com` }, { now, writeEmail })).toMatchObject({
        ok: true,
      });
    await expect(
      inviteToTeam(owner, { email: 'one-more@example.com' }, { now, writeEmail }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('writes the real invitation email in the application locale', async () => {
    const id = await apply('Mail GmbH', 'mail@example.com');
    await decideApplication(admin.id, id, { decision: 'approved' }, { now });
    const [mail] = await t.handle.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM email_outbox WHERE to_address = 'mail@example.com'`,
    );
    expect(mail!.subject).toContain('Mail GmbH');
    expect(mail!.body_text).toMatch(/\/de\/team\/join\?token=[\w-]{43}/);
  });
});
