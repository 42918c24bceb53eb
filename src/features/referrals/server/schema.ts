/** Invite a friend (decision 0048): each member's referral code, and who signed up through whose. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { orders } from '@/features/orders/server/schema';
import { users } from '@/server/db/schema/users';

export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per friend: a friend is referred once, by the first link they signed up through. */
export const referrals = pgTable(
  'referrals',
  {
    friendId: integer('friend_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
    /** 'same_address' or 'same_card': the friend is the inviter; nothing is paid. */
    refusedReason: text('refused_reason', { enum: ['same_address', 'same_card'] }),
    /** The purchase the rewards were paid for, and when. */
    rewardedOrderId: integer('rewarded_order_id').references(() => orders.id),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [index('referrals_inviter_idx').on(t.inviterId, t.signedUpAt.desc())],
);
