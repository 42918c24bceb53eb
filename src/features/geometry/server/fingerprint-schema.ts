/**
 * Shape fingerprints of model files and the near matches they found (decision 0057). Geometry writes
 * both; the admin's review reads the matches through server/api.ts.
 */
import { index, integer, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';

import { modelFiles, models } from '@/features/catalog/server/schema';

/**
 * One row per analysed mesh file. A new analysis of the file replaces its row with a new id, so an
 * instance's in-memory index catches up by reading the ids above the last one it has.
 */
export const modelFingerprints = pgTable(
  'model_fingerprints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id')
      .notNull()
      .unique()
      .references(() => modelFiles.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** `meshFingerprint`'s vector (fingerprint.ts). */
    vector: real('vector').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('model_fingerprints_model_idx').on(t.modelId)],
);

/**
 * A model whose file is shaped like another seller's published model: the reason it waits in the
 * review queue, shown to admins only. The closest match per file is kept.
 */
export const fingerprintMatches = pgTable(
  'fingerprint_matches',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => modelFiles.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    matchedModelId: integer('matched_model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** `fingerprintDistance` between the two files: 0 is the same shape. */
    distance: real('distance').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId] }), index('fingerprint_matches_model_idx').on(t.modelId)],
);
