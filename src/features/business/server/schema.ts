import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

/** Spec §6: a business account is granted by application; admins decide (accounts issue). */
export const businessApplicationStatuses = ['submitted', 'approved', 'rejected'] as const;
export const businessApplicationStatus = pgEnum('business_application_status', businessApplicationStatuses);

/** Spec §3 "Business account application": company name, your name, email. */
export const businessApplications = pgTable(
  'business_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    status: businessApplicationStatus('status').notNull().default('submitted'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_applications_created_idx').on(t.createdAt),
    index('business_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/** An approved business: its members share a library of the models any of them bought. */
export const businessTeams = pgTable(
  'business_teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    applicationId: integer('application_id').references(() => businessApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_teams_application_idx').on(t.applicationId)],
);

export const teamMemberRoles = ['owner', 'member'] as const;
export const teamMemberRole = pgEnum('team_member_role', teamMemberRoles);

/** A user belongs to at most one team. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => businessTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: teamMemberRole('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), uniqueIndex('team_members_user_idx').on(t.userId)],
);

/** An invitation by email; only the SHA-256 of the link's token is stored. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => businessTeams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('team_invitations_open_email_idx')
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);
