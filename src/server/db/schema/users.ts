import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Guests are "no user"; every signed-up user has one or more of these roles. */
export const userRoles = ['buyer', 'seller', 'admin', 'business_member'] as const;
export const userRole = pgEnum('user_role', userRoles);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    roles: userRole('roles')
      .array()
      .notNull()
      .default(sql`'{buyer}'::user_role[]`),
    avatarKey: text('avatar_key'),
    /** Set by the accounts issue's auth library; null for seeded and imported designers. */
    passwordHash: text('password_hash'),
    /**
     * When the owner proved the address is theirs (decision 0041); null until then. Only a confirmed
     * address is unique, logs in or gets reset links; the default confirms seeded and imported users.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_confirmed_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailConfirmedAt} is not null`),
    index('users_email_lookup_idx').on(sql`lower(${t.email})`),
    check('users_username_format', sql`${t.username} ~ '^[A-Za-z0-9_.-]{2,40}$'`),
  ],
);
