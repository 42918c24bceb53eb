import { pgEnum, pgTable, integer, text, timestamp, index } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_applications_created_idx').on(t.createdAt)],
);
