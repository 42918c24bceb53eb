import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { lengthUnits, licenceTypes } from '../model-attributes';
import { modelStatuses } from '../model-lifecycle';

import { users } from '@/server/db/schema/users';

export const productTypes = ['models', 'print'] as const;
/** 'models': 3D models for rendering and games; 'print': 3D print models. */
export const productType = pgEnum('product_type', productTypes);

export const licenceType = pgEnum('licence_type', licenceTypes);

/** Spec §3 "Model review status": shown as 'N/A' and 'Reviewed'. */
export const reviewStatuses = ['not_reviewed', 'reviewed'] as const;
export const reviewStatus = pgEnum('review_status', reviewStatuses);

/** Where a model is in the studio's lifecycle (transition table: lib/model-lifecycle.ts). */
export const modelStatus = pgEnum('model_status', modelStatuses);

export const lengthUnit = pgEnum('length_unit', lengthUnits);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    productType: productType('product_type').notNull(),
    /** English slug; `path` joins the slugs from the root, e.g. 'aircraft/military'. */
    slug: text('slug').notNull(),
    path: text('path').notNull(),
    icon: text('icon').notNull(),
    imageKey: text('image_key'),
    /** Published models in this category and its subcategories. */
    itemCount: integer('item_count').notNull().default(0),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('categories_type_path_idx').on(t.productType, t.path),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** Localized title, slug and path of a category; English has a row too. */
export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    productType: productType('product_type').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex('category_translations_path_idx').on(t.locale, t.productType, t.path),
  ],
);

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Set by the catalogue import: re-importing the same external id updates, never duplicates. */
    externalId: text('external_id'),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The top-level category above `categoryId` (itself for a top-level one): listings filter by it. */
    rootCategoryId: integer('root_category_id')
      .notNull()
      .references(() => categories.id),
    productType: productType('product_type').notNull(),
    priceCents: integer('price_cents').notNull(),
    saleDiscountCents: integer('sale_discount_cents').notNull().default(0),
    finalPriceCents: integer('final_price_cents').generatedAlwaysAs(
      (): SQL => sql`${models.priceCents} - ${models.saleDiscountCents}`,
    ),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    /** File format keys, lower case: 'fbx', 'obj', 'blend', 'stl', '3mf', 'glb' … */
    formats: text('formats')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Technical features (spec §3 icon keys): 'pbr', 'rigged', 'low_poly', 'animated', 'uv_mapped'. */
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'`),
    polyCount: integer('poly_count'),
    vertexCount: integer('vertex_count'),
    licence: licenceType('licence').notNull(),
    /** The seller's own terms of a 'custom' or 'custom_no_ai' licence, shown before buying; null otherwise. */
    licenceTerms: text('licence_terms'),
    badges: text('badges')
      .array()
      .notNull()
      .default(sql`'{}'`),
    cgtStandardVerified: boolean('cgt_standard_verified').notNull().default(false),
    /** Credits (loyalty points) may pay part of the price: the wallet sign. */
    walletEligible: boolean('wallet_eligible').notNull().default(false),
    reviewStatus: reviewStatus('review_status').notNull().default('not_reviewed'),
    reviewScore: smallint('review_score'),
    status: modelStatus('status').notNull().default('published'),
    /** Set when the seller asks for a review (first publication or another review); cleared by the admin's verdict. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** The reviewer's note to the seller (why a model was rejected, or what to improve). */
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Likes: a seeded or imported figure plus one per `model_likes` row (decision 0032). */
    likes: integer('likes').notNull().default(0),
    views: integer('views').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    trendingScore: real('trending_score').notNull().default(0),
    /** Geometry, in millimetres (converted from the seller's unit). Null until analysed. */
    unit: lengthUnit('unit').notNull().default('mm'),
    volumeMm3: doublePrecision('volume_mm3'),
    bboxXMm: doublePrecision('bbox_x_mm'),
    bboxYMm: doublePrecision('bbox_y_mm'),
    bboxZMm: doublePrecision('bbox_z_mm'),
    thinWallAreaMm2: doublePrecision('thin_wall_area_mm2'),
    thinWallShare: real('thin_wall_share'),
    selfIntersections: integer('self_intersections'),
    watertight: boolean('watertight'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('models_slug_idx').on(t.slug),
    uniqueIndex('models_external_id_idx').on(t.externalId),
    // Listings walk these in order (`ORDER BY trending_score DESC, id`) and stop after one page; the
    // first serves searches over the whole catalogue (a common word is found within a few rows).
    index('models_trending_idx').on(t.trendingScore.desc().nullsFirst(), t.id),
    index('models_type_trending_idx').on(t.productType, t.trendingScore.desc().nullsFirst(), t.id),
    index('models_root_category_trending_idx').on(
      t.rootCategoryId,
      t.trendingScore.desc().nullsFirst(),
      t.id,
    ),
    index('models_category_trending_idx').on(t.categoryId, t.trendingScore.desc().nullsFirst(), t.id),
    index('models_designer_idx').on(t.designerId),
    index('models_review_queue_idx')
      .on(t.reviewRequestedAt)
      .where(sql`${t.reviewRequestedAt} is not null`),
    index('models_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id),
    // The listing index reads the latest update before each search (listing-index-repository.ts).
    index('models_updated_idx').on(t.updatedAt),
    // The top-selling and price sorts walk these.
    index('models_sales_idx').on(t.sales.desc().nullsFirst(), t.id),
    index('models_final_price_idx').on(t.finalPriceCents, t.id),
    check('models_price_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'models_discount_range',
      sql`${t.saleDiscountCents} >= 0 and ${t.saleDiscountCents} <= ${t.priceCents}`,
    ),
    check('models_review_score_range', sql`${t.reviewScore} is null or ${t.reviewScore} between 0 and 100`),
    check(
      'models_badges_known',
      sql`${t.badges} <@ array['bestPriceGuaranteed','new','topSelling','qualityVerified','topRated','aiGenerated','designerPick','threeDPrintVerified']::text[]`,
    ),
  ],
);

/** The condition every public read of models carries: drafts and models in review stay private. */
export const publishedModel: SQL = sql`${models.status} = 'published'`;

export const modelFiles = pgTable(
  'model_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    unit: lengthUnit('unit').notNull().default('mm'),
    /** The mesh figures (`MeshFigures` of the geometry feature) once analysed; null before. */
    analysis: jsonb('analysis'),
    /** Why the file could not be analysed (a one-line reason), when it could not. */
    analysisError: text('analysis_error'),
    /** The public copy the 3D viewer loads (`viewer/….bin`, Float32 positions in mm). */
    viewerKey: text('viewer_key'),
    triangles: integer('triangles'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('model_files_model_idx').on(t.modelId)],
);

/** One row per visitor and model and day: a model's views count a visitor once a day (spec §2). */
export const modelViewVisits = pgTable(
  'model_view_visits',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** A hash of the visitor cookie (or, without one, of address and user agent); never the raw value. */
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** A hash of the address group the view came from: a few visitors a day per address count. */
    address: text('address'),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.visitor, t.day] }),
    index('model_view_visits_address_idx').on(t.modelId, t.day, t.address),
  ],
);

/** Preview pictures; position 0 is the card image. Files are `{storageKey}-{width}.webp`. */
export const previewImages = pgTable(
  'preview_images',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    widths: integer('widths').array().notNull(),
    /** Height / width × 1000, e.g. 750 for 4:3. */
    aspectPermille: smallint('aspect_permille').notNull().default(750),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.position] })],
);

/** The tag vocabulary with how many models carry each tag (models hold their tags in `models.tags`). */
export const tags = pgTable('tags', {
  name: text('name').primaryKey(),
  modelCount: integer('model_count').notNull().default(0),
});

/**
 * One row: a number that moves with every committed change of a model the listing index reads (a
 * trigger on `models`, migration 0031). The index compares it before answering. `max(updated_at)` could
 * not be trusted for that: a change stamped earlier but committed later than another one left it as it
 * was, and the index stale until the next change.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Made once with the database: versions count from 0 in every database, so a listing-index snapshot
     * (decision 0064) names the database it was taken from as well as the version.
     */
    databaseId: uuid('database_id').notNull().defaultRandom(),
    /** `catalogue_changes` holds every change after this version (decision 0065). */
    changesFrom: bigint('changes_from', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);

/**
 * The change feed of the listing index (decision 0065): which models each catalogue version changed,
 * written by the same trigger that moves `catalogue_version`; a null model: every model (a truncate).
 * The last 100,000 versions are kept.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    modelId: integer('model_id'),
  },
  (t) => [index('catalogue_changes_version_idx').on(t.version)],
);
