/**
 * The only reader of process.env. Parsed and validated once, at import; a bad value throws an
 * EnvError whose message names the variable and says what to fix.
 */
import path from 'node:path';
import { z } from 'zod';

import { trustedProxyEntries, trustedProxyEntryError } from '@/server/http/forwarded-client';

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// or postgresql:// URL');

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Streaming read replicas (comma-separated postgres:// URLs) for catalogue and search reads (decision 0062). */
  DATABASE_READ_URL: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(postgresUrl))
    .default([]),
  /** A replica that has not replayed the primary's writes of this many milliseconds ago is skipped. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** After a signed-in visitor's write, their reads go to the primary for this many seconds. */
  READ_YOUR_WRITES_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where pictures, meshes and attachments are kept: `local` (DATA_DIR/files) or `s3` (decision 0061). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** FILE_STORE=s3: the server's address (any S3-compatible store); unset: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, dot and hyphen)')
    .optional(),
  /** Unset (both): the AWS SDK's default credentials (its environment variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses as endpoint/bucket/key; default: yes with S3_ENDPOINT (self-hosted servers), no without. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: booleanFlag.default(true),
  SEED_MODELS: z.coerce.number().int().min(0).max(10_000_000).default(2010),
  /**
   * From this many models on, the listing index is kept on disk (DATA_DIR/listing-index, decision 0064)
   * and read at start; 0: never.
   */
  LISTING_SNAPSHOT_MODELS: z.coerce.number().int().min(0).default(100_000),
  /** Spec §2: where the home page's promotional banner leads (a path on this site). */
  PROMO_BANNER_PATH: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, 'must be a path on this site, starting with one /')
    .default('/3d-models?sale_off=1'),
  /** Seconds an anonymous visitor's page may be served from the in-process page cache; 0 turns it off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Pages' script chunks start after the first paint and the RSC payload comes in pieces (decision 0029):
   * a rewrite of Next's HTML that a Next.js upgrade may have to revisit; false serves Next's HTML as it is.
   */
  DOCUMENT_SCRIPT_REWRITE: booleanFlag.default(true),
  /** Worker threads for background jobs (mesh analysis); 0 runs no jobs in this process. */
  JOB_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /**
   * Worker threads that give the demo catalogue's models their procedural meshes and pictures after
   * start (issue 28), apart from the upload analyses; 0 makes none.
   */
  DEMO_MODEL_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  /** The largest mesh file analysed, in megabytes. */
  MESH_MAX_MB: z.coerce.number().int().min(1).max(4096).default(256),
  /** The largest file a seller may upload to the studio, in megabytes (meshes are analysed up to MESH_MAX_MB). */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(4096).default(256),
  /** Multiplies the account rate limits (sign-up, log-in, password reset); the end-to-end suite raises it. */
  ACCOUNT_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Multiplies the per-address limits of search events and view reports; the end-to-end suite raises it. */
  CLIENT_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Distinct visitors (addresses) who must make a search before the box suggests it to everyone. */
  SUGGESTION_MIN_VISITORS: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Seconds one mesh file may take to analyse before its job fails. */
  MESH_ANALYSIS_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /** Degrees from vertical past which a downward face counts as an overhang (decision 0052). */
  OVERHANG_DEGREES: z.coerce.number().min(0).max(90).default(45),
  /** Print estimate materials (decision 0056): `pla=1.24:2000,…`, density in g/cm³ and cents a kilogram. */
  PRINT_MATERIALS: z
    .string()
    .regex(
      /^\s*((pla|petg|abs|resin)\s*=\s*(?!0+(\.0*)?\s*:)\d{1,2}(\.\d+)?\s*:\s*\d{1,9}\s*(,\s*|$))*$/,
      'must be like pla=1.24:2000,resin=1.1:3500 (material=density in g/cm³:cents a kilogram; pla, petg, abs, resin)',
    )
    .default(''),
  /** A signed-in session ends after this many minutes without a request (decision 0019). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(43_200).default(1440),
  /** …and this many days after log-in, whatever the activity. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** Key that signs download links; without it one is generated and kept in DATA_DIR. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Bearer token that lets a scraper read /metrics from anywhere (decision 0051); without it only a
   * client on this machine, not forwarded by a proxy, may.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{24,}$/, 'must be at least 24 characters without spaces (e.g. `openssl rand -hex 32`)')
    .optional(),
  /**
   * Reverse proxies (addresses or CIDR blocks, comma-separated) whose `X-Forwarded-For` names the client
   * (decision 0054); unset: nobody's is believed and the client is the connection's peer.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform(trustedProxyEntries)
    .superRefine((entries, context) => {
      const error = entries.map(trustedProxyEntryError).find(Boolean);
      if (error) context.addIssue({ code: 'custom', message: error });
    })
    .default([]),
  /** smtp:// or smtps:// URL of the mail server; without it emails stay in the outbox and the log. */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/.+/.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Marketplace <no-reply@localhost>'),
  /** Cart rules (spec §9), in cents: sale discounts apply from this subtotal. */
  SALE_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(2000),
  /** Credits may be used from this cart total. */
  CREDITS_MIN_CART_CENTS: z.coerce.number().int().min(0).default(1000),
  /** Days after which unspent earned credits expire. */
  CREDITS_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Credits given with a buyer's first purchase. */
  FIRST_PURCHASE_GIFT_CENTS: z.coerce.number().int().min(0).default(500),
  /** Invite a friend (decision 0048): the credits the inviter gets when a friend's first purchase counts. */
  REFERRAL_INVITER_REWARD_CENTS: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** …and the credits the friend gets for it. */
  REFERRAL_FRIEND_REWARD_CENTS: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Days after payment in which a purchase may still be refunded; the referral rewards wait for them. */
  REFERRAL_REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** The marketplace's share of a freelance project's or a custom model's price, in percent. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(15),
  /** 'test' (built-in test cards) or 'stripe' (needs STRIPE_SECRET_KEY). */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** The signing secret of the Stripe webhook endpoint (/api/webhooks/stripe); unset: the route answers 404. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** An order still pending after this many seconds is reconciled with the payment provider. */
  PAYMENT_PENDING_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** How often the server looks for such orders. */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /**
   * Tests only (PAYMENT_PROVIDER=test): the checkout stops at this point and waits for ever, so that a
   * test can kill the process there.
   */
  CHECKOUT_TEST_PAUSE_AT: z.enum(['before_charge', 'during_charge', 'after_charge']).optional(),
});

export class EnvError extends Error {
  override name = 'EnvError';
}

function parseEnv(source: Record<string, string | undefined>) {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = raw[name] === undefined ? '' : ` (got "${raw[name]}")`;
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${got}`);
  }
  const value = result.data;
  if (value.PAYMENT_PROVIDER === 'stripe' && !value.STRIPE_SECRET_KEY) {
    throw new EnvError(
      'Invalid environment variable STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
    );
  }
  if (value.CHECKOUT_TEST_PAUSE_AT && value.PAYMENT_PROVIDER !== 'test') {
    throw new EnvError(
      'Invalid environment variable CHECKOUT_TEST_PAUSE_AT: only allowed with PAYMENT_PROVIDER=test',
    );
  }
  if (value.DATABASE_READ_URL.length > 0 && !value.DATABASE_URL) {
    throw new EnvError(
      'Invalid environment variable DATABASE_READ_URL: read replicas need DATABASE_URL (the primary PostgreSQL)',
    );
  }
  if (value.FILE_STORE === 's3' && !value.S3_BUCKET) {
    throw new EnvError('Invalid environment variable S3_BUCKET: required when FILE_STORE=s3');
  }
  if (!value.S3_ACCESS_KEY_ID !== !value.S3_SECRET_ACCESS_KEY) {
    throw new EnvError(
      `Invalid environment variable ${value.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together`,
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    ...value,
    dataDir,
    databaseDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    listingSnapshotFile: path.join(dataDir, 'listing-index', 'snapshot.bin'),
    s3: {
      endpoint: value.S3_ENDPOINT,
      region: value.S3_REGION,
      bucket: value.S3_BUCKET ?? '',
      accessKeyId: value.S3_ACCESS_KEY_ID,
      secretAccessKey: value.S3_SECRET_ACCESS_KEY,
      forcePathStyle: value.S3_FORCE_PATH_STYLE ?? value.S3_ENDPOINT !== undefined,
    },
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    /** True while `next build` runs: nothing may open the database then. */
    isBuildPhase: source.NEXT_PHASE === 'phase-production-build',
    isCi: source.CI === 'true',
  };
}

export type Env = ReturnType<typeof parseEnv>;
export const env: Env = parseEnv(process.env);
export { parseEnv };
