import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Requests per client and fixed window, for rate limits that hold across app instances. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
