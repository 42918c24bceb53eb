import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { applicationStatuses, projectStatuses } from '../freelance-lifecycle';

import { models } from '@/features/catalog/server/schema';
import { orders } from '@/features/orders/server/schema';
import { conversations } from '@/features/conversations/server/schema';
import { users } from '@/server/db/schema/users';

export const projectStatus = pgEnum('project_status', projectStatuses);
export const applicationStatus = pgEnum('application_status', applicationStatuses);

/**
 * A freelance 3D project on the jobs board (spec §3 "Project"). Budget in integer cents; skills are the
 * spec's 16 keys; `invitedDesignerId` is set when the owner asked one designer directly (a custom
 * request from a profile or model page). Once an application is accepted, `acceptedApplicationId`,
 * `orderId` (the owner's payment of the agreed price), `conversationId` and `dueAt` are set.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    budgetCents: integer('budget_cents').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    software: text('software')
      .array()
      .notNull()
      .default(sql`'{}'`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    fileFormats: text('file_formats')
      .array()
      .notNull()
      .default(sql`'{}'`),
    referenceLinks: text('reference_links')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: projectStatus('status').notNull().default('draft'),
    invitedDesignerId: integer('invited_designer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in step with the applications (submitted or accepted) for the "fewest applicants" sort. */
    applicantsCount: integer('applicants_count').notNull().default(0),
    acceptedApplicationId: integer('accepted_application_id'),
    orderId: integer('order_id').references(() => orders.id),
    /** The application `orderId` pays for: accepted once the payment is known to have gone through. */
    payingApplicationId: integer('paying_application_id'),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    revisions: smallint('revisions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('projects_board_published_idx').on(t.status, t.publishedAt.desc()),
    index('projects_board_budget_idx').on(t.status, t.budgetCents.desc()),
    index('projects_board_applicants_idx').on(t.status, t.applicantsCount),
    index('projects_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('projects_skills_idx').using('gin', t.skills),
    check('projects_budget_positive', sql`${t.budgetCents} > 0`),
    check('projects_applicants_not_negative', sql`${t.applicantsCount} >= 0`),
  ],
);

/** A reference picture of a project, stored under `storageKey`; `position` orders them. */
export const projectImages = pgTable(
  'project_images',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.position] })],
);

/** A designer's application to a project: one per designer and project. */
export const projectApplications = pgTable(
  'project_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposal: text('proposal').notNull(),
    priceCents: integer('price_cents').notNull(),
    deliveryDays: smallint('delivery_days').notNull(),
    status: applicationStatus('status').notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('project_applications_project_designer_idx').on(t.projectId, t.designerId),
    index('project_applications_designer_idx').on(t.designerId, t.createdAt.desc()),
    // At most one accepted application per project, whatever races.
    uniqueIndex('project_applications_one_accepted_idx')
      .on(t.projectId)
      .where(sql`${t.status} = 'accepted'`),
    check('project_applications_price_positive', sql`${t.priceCents} > 0`),
    check('project_applications_delivery_range', sql`${t.deliveryDays} between 1 and 365`),
  ],
);

/** The designer's own models shown with an application (its portfolio), in order. */
export const applicationPortfolioModels = pgTable(
  'application_portfolio_models',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => projectApplications.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.modelId] })],
);

/** Who reviewed whom after a completed project: one review per author and project (both sides review). */
export const projectReviews = pgTable(
  'project_reviews',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The row in `designer_reviews` that the profiles show. */
    reviewId: integer('review_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.authorId] })],
);
