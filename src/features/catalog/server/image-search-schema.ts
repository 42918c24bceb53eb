import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Raw bytes (an image descriptor: server/images/descriptor.ts). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * One descriptor per preview picture (models sharing a picture share it), the source of truth of the
 * image-search index; `cell` is the coarse partition it falls in (decision 0013).
 */
export const imageDescriptors = pgTable(
  'image_descriptors',
  {
    storageKey: text('storage_key').primaryKey(),
    descriptor: bytea('descriptor').notNull(),
    cell: integer('cell').notNull().default(0),
  },
  (t) => [index('image_descriptors_cell_idx').on(t.cell)],
);

/** The partition's cells: each a centroid of descriptors (k-means, rebuilt after seed and import). */
export const imageCells = pgTable('image_cells', {
  id: integer('id').primaryKey(),
  centroid: bytea('centroid').notNull(),
});

/** Pictures uploaded to search by (re-encoded, never stored as uploaded), with their descriptor. */
export const searchImages = pgTable('search_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull(),
  descriptor: bytea('descriptor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
