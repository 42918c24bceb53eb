/**
 * Builds the demo catalogue: the category tree in 8 locales, designers with avatars and profiles, a
 * featured designer, and N models with generated pictures. Bulk-loads with COPY; above
 * `bulkThreshold` models it drops the loaded tables' secondary indexes and foreign keys first and
 * rebuilds them after loading (far faster than maintaining them row by row).
 */
import { AppError } from '@/server/errors';
import {
  ensureAvatar,
  ensureCategoryPicture,
  previewAspectPermille,
  previewWidths,
} from '@/server/images/previews';
import { refreshImageIndex } from '@/server/images/image-index';

import type { DatabaseHandle, SqlSession } from '@/server/db/client';
import {
  refreshCategoryCounts,
  refreshDesignerTotals,
  refreshSearchKeywords,
  refreshTagCounts,
  syncIdentitySequences,
} from '@/server/db/catalog-maintenance';
import { csvRow } from '@/server/db/csv';
import { insertCategories } from '@/features/catalog/server/categories';
import { loadSourceModels, loadTagVocabulary } from '@/seed/catalog-source';
import { mapToCategory } from '@/seed/category-mapping';
import { attachDemoMeshes, withDemoMesh } from '@/seed/demo-meshes';
import { insertDemoCustomModelRequests } from '@/seed/custom-models-seed';
import { insertDemoChallenges } from '@/seed/challenges-seed';
import { insertDemoAccountsAndCoupons } from '@/seed/demo-accounts';
import { insertDemoBuyerPurchases } from '@/seed/demo-buyer-purchases';
import { backdateMembersToTheirActivity } from '@/seed/member-since';
import { insertDemoForum } from '@/seed/forum-seed';
import { insertDemoPrintlists } from '@/seed/printlists-seed';
import { insertDemoMakes } from '@/seed/makes-seed';
import { insertDemoProjects } from '@/seed/projects-seed';
import { insertDemoReferrals } from '@/seed/referrals-seed';
import { insertDemoConversations } from '@/seed/conversations-seed';
import { insertDemoApplications } from '@/seed/applications-seed';
import { insertDemoRatings } from '@/seed/ratings-seed';
import { insertDesignerReviews } from '@/seed/designer-content';
import { insertDemoTutorials } from '@/seed/tutorials-seed';
import { queueProceduralMeshes, withProceduralMesh } from '@/seed/demo-models/seed-models';
import {
  designerCountFor,
  designerUsernames,
  generateDesigner,
  generateModel,
  seedClock,
  type SourceIndex,
} from '@/seed/generator';

export interface SeedOptions {
  models: number;
  /** Root of the file store for pictures; defaults to the configured one. */
  filesRoot?: string;
  onProgress?: (message: string) => void;
  /**
   * Queue procedural meshes for the models without a real one (issue 28), made in the background after
   * the seed (false by default; the server's first start and `npm run seed` ask for them up to
   * `proceduralMeshLimit` models).
   */
  meshes?: boolean;
}

export interface SeedSummary {
  models: number;
  designers: number;
  categories: number;
  seconds: number;
}

const batchSize = 20_000;
const bulkThreshold = 100_000;
const avatarCount = 48;

const modelColumns = [
  'id',
  'slug',
  'title',
  'description',
  'designer_id',
  'category_id',
  'root_category_id',
  'product_type',
  'price_cents',
  'sale_discount_cents',
  'sale_ends_at',
  'formats',
  'features',
  'poly_count',
  'vertex_count',
  'licence',
  'badges',
  'cgt_standard_verified',
  'wallet_eligible',
  'review_status',
  'review_score',
  'tags',
  'likes',
  'views',
  'sales',
  'rating_average',
  'rating_count',
  'trending_score',
  'published_at',
  'created_at',
  'updated_at',
] as const;
const previewColumns = ['model_id', 'position', 'storage_key', 'widths', 'aspect_permille'] as const;

export async function countModels(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM models');
  return row?.n ?? 0;
}

/** Empties every catalogue table (for `seed --reset`). */
export async function clearCatalog(handle: DatabaseHandle): Promise<void> {
  await handle.exec(
    'TRUNCATE jobs, conversations, designer_reviews, designer_tutorials, model_view_visits, preview_images, model_files, models, tags, featured_designers, designer_profiles, category_translations, categories, coupons, users RESTART IDENTITY CASCADE;',
  );
}

/**
 * Seeds in one transaction: an interrupted seed (a kill, a crash) leaves no half-built catalogue, and
 * the next start seeds again from scratch.
 */
export async function seedCatalog(handle: DatabaseHandle, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const summary = await handle.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: one seeds, the others wait here and then find models.
    await tx.query('SELECT pg_advisory_xact_lock(7243002)');
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM models');
    if (row!.n > 0) {
      throw new AppError(
        'CONFLICT',
        'The catalogue already has models: run `npm run seed -- --reset` to rebuild it.',
      );
    }
    return seedInTransaction(tx, options);
  });
  await handle.exec('ANALYZE;');
  return { ...summary, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

async function seedInTransaction(
  handle: SqlSession,
  options: SeedOptions,
): Promise<Omit<SeedSummary, 'seconds'>> {
  const progress = options.onProgress ?? (() => {});
  const sources = buildSourceIndex();
  const categoryIds = await insertCategories(handle, options.filesRoot);
  progress(`categories: ${categoryIds.size}`);

  const authors = [...new Set(sources.all.map((s) => s.author))];
  const designerTotal = designerCountFor(options.models, authors.length);
  await insertDesigners(handle, authors, designerTotal, options.filesRoot);
  progress(`designers: ${designerTotal}`);

  const bulk = options.models >= bulkThreshold;
  const meshes = options.meshes ?? false;
  const restore = bulk ? await dropSecondaryStructures(handle, ['models', 'preview_images']) : [];
  const authorIndex = new Map(authors.map((a, i) => [a, i]));
  const pictures = new Map<string, { icon: string; variant: number }>();
  let loading: Promise<void> = Promise.resolve();
  for (let start = 0; start < options.models; start += batchSize) {
    const end = Math.min(options.models, start + batchSize);
    let modelCsv = '';
    let previewCsv = '';
    for (let i = start; i < end; i++) {
      const generated = generateModel(i, sources, designerTotal, authorIndex);
      const demo = withDemoMesh(generated, options.models);
      const m = meshes && demo === generated ? withProceduralMesh(generated) : demo;
      const category = categoryIds.get(m.treePath);
      if (!category) throw new AppError('INTERNAL', `Seed maps a model to an unknown category ${m.treePath}`);
      const pictureKey = `${category.icon}-${m.pictureVariant}`;
      if (!pictures.has(pictureKey))
        pictures.set(pictureKey, { icon: category.icon, variant: m.pictureVariant });
      modelCsv += csvRow([
        m.id,
        m.slug,
        m.title,
        m.description,
        m.designerIndex + 1,
        category.id,
        category.rootId,
        m.treePath.split('/')[0],
        m.priceCents,
        m.saleDiscountCents,
        m.saleEndsAt,
        m.formats,
        m.features,
        m.polyCount,
        m.vertexCount,
        m.licence,
        m.badges,
        m.cgtStandardVerified,
        m.walletEligible,
        m.reviewStatus,
        m.reviewScore,
        m.tags,
        m.likes,
        m.views,
        m.sales,
        m.ratingAverage,
        m.ratingCount,
        m.trendingScore,
        m.publishedAt,
        m.publishedAt,
        m.publishedAt,
      ]);
      previewCsv += csvRow([
        m.id,
        0,
        `previews/category/${pictureKey}`,
        previewWidths,
        previewAspectPermille,
      ]);
    }
    // Generate the next batch while PostgreSQL loads this one (the two cores work in parallel).
    await loading;
    loading = handle
      .copyCsv('models', modelColumns, modelCsv)
      .then(() => handle.copyCsv('preview_images', previewColumns, previewCsv))
      .then(() =>
        progress(`models: ${end.toLocaleString('en-US')} / ${options.models.toLocaleString('en-US')}`),
      );
  }
  await loading;
  if (restore.length > 0) {
    progress(`building ${restore.length} indexes and constraints`);
    for (const statement of restore) await handle.exec(statement);
  }

  pictures.set('fallback', { icon: 'box', variant: 7 });
  progress(`pictures: ${pictures.size}`);
  const queue = [...pictures.values()];
  while (queue.length > 0) {
    await Promise.all(
      queue.splice(0, 8).map((p) => ensureCategoryPicture(p.icon, p.variant, options.filesRoot)),
    );
  }

  await syncIdentitySequences(handle, ['users', 'models']);
  await insertDemoAccountsAndCoupons(handle);
  await insertDemoProjects(handle);
  await insertDemoForum(handle);
  await insertDemoApplications(handle);
  await insertDemoBuyerPurchases(handle);
  const meshFiles = await attachDemoMeshes(handle, options.models, options.filesRoot);
  if (meshFiles > 0) progress(`mesh files: ${meshFiles} (analysed in the background)`);
  if (meshes) progress(`procedural meshes: ${await queueProceduralMeshes(handle)} (made in the background)`);
  await refreshCategoryCounts(handle);
  await refreshTagCounts(handle);
  await refreshSearchKeywords(handle);
  await refreshDesignerTotals(handle);
  await insertFeaturedDesigner(handle);
  await insertDesignerReviews(handle);
  await insertDemoTutorials(handle, options.filesRoot);
  await insertDemoConversations(handle);
  await insertDemoCustomModelRequests(handle);
  await insertDemoRatings(handle);
  await insertDemoPrintlists(handle);
  await insertDemoReferrals(handle);
  await insertDemoChallenges(handle, options.filesRoot);
  await backdateMembersToTheirActivity(handle);
  await insertDemoMakes(handle, options.filesRoot);
  progress('designer reviews and tutorials');
  progress('image-search index');
  await refreshImageIndex(handle, options.filesRoot);
  return { models: options.models, designers: designerTotal, categories: categoryIds.size };
}

function buildSourceIndex(): SourceIndex {
  const all = loadSourceModels().map((s) => ({ ...s, treePath: mapToCategory(s) }));
  const models: number[] = [];
  const print: number[] = [];
  all.forEach((s, i) => (s.treePath.startsWith('models/') ? models : print).push(i));
  return { all, models, print, vocabulary: loadTagVocabulary() };
}

async function insertDesigners(
  handle: SqlSession,
  authors: string[],
  count: number,
  filesRoot: string | undefined,
) {
  for (let seed = 0; seed < avatarCount; seed++) await ensureAvatar(seed, filesRoot);
  const names = designerUsernames(authors, count);
  for (let start = 0; start < count; start += batchSize) {
    let usersCsv = '';
    let profilesCsv = '';
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const d = generateDesigner(i, names[i]!);
      usersCsv += csvRow([
        i + 1,
        d.username,
        d.email,
        d.displayName,
        ['buyer', 'seller'],
        `avatars/identicon-${d.avatarSeed}`,
        seedClock,
      ]);
      profilesCsv += csvRow([
        i + 1,
        d.rating,
        d.ratingCount,
        d.reputation,
        d.responseRatePermille,
        d.responseTimeMinutes,
        d.projectsDone,
        d.projectsInProgress,
        d.followers,
        d.software,
        d.skills,
        d.about,
        d.country,
        d.acceptsCustomRequests,
        seedClock,
      ]);
    }
    await handle.copyCsv(
      'users',
      ['id', 'username', 'email', 'display_name', 'roles', 'avatar_key', 'created_at'],
      usersCsv,
    );
    await handle.copyCsv(
      'designer_profiles',
      [
        'user_id',
        'rating',
        'rating_count',
        'reputation',
        'response_rate_permille',
        'response_time_minutes',
        'projects_done',
        'projects_in_progress',
        'followers',
        'software',
        'skills',
        'about',
        'country',
        'accepts_custom_requests',
        'created_at',
      ],
      profilesCsv,
    );
  }
}

/** The best-rated designer among those with the most models; keywords are their five commonest tags. */
async function insertFeaturedDesigner(handle: SqlSession): Promise<void> {
  await handle.exec(`
    WITH candidate AS (
      SELECT m.designer_id, count(*) AS models, p.rating
      FROM models m JOIN designer_profiles p ON p.user_id = m.designer_id
      GROUP BY m.designer_id, p.rating HAVING count(*) >= 3
      ORDER BY p.rating DESC, count(*) DESC, m.designer_id LIMIT 1
    ),
    keywords AS (
      SELECT array_agg(tag ORDER BY n DESC, tag) AS list FROM (
        SELECT tag, count(*) AS n FROM models m, unnest(m.tags) AS tag
        WHERE m.designer_id = (SELECT designer_id FROM candidate) GROUP BY tag ORDER BY n DESC, tag LIMIT 5
      ) t
    )
    INSERT INTO featured_designers (user_id, keywords)
    SELECT designer_id, coalesce((SELECT list FROM keywords), '{}') FROM candidate;`);
}

/**
 * Drops the secondary indexes and foreign keys of `tables` and returns the statements that rebuild
 * them, read from the catalog so they always match the migrations.
 */
async function dropSecondaryStructures(handle: SqlSession, tables: string[]): Promise<string[]> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const foreignKeys = await handle.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN (${list})`,
  );
  const indexes = await handle.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename IN (${list})
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const fk of foreignKeys) await handle.exec(`ALTER TABLE ${fk.table} DROP CONSTRAINT "${fk.name}";`);
  for (const index of indexes) await handle.exec(`DROP INDEX "${index.name}";`);
  return [
    ...indexes.map((i) => `${i.definition};`),
    ...foreignKeys.map((fk) => `ALTER TABLE ${fk.table} ADD CONSTRAINT "${fk.name}" ${fk.definition};`),
  ];
}
