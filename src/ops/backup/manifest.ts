/**
 * manifest.json: what a backup holds and how to check it. Written last, so a folder without one is an
 * unfinished backup and is refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

export const manifestFile = 'manifest.json';
export const filesFolder = 'files';
export const authSecretFile = 'auth-secret';

const tableStat = z.object({ name: z.string(), rows: z.number().int().min(0), checksum: z.string() });
export type TableStat = z.infer<typeof tableStat>;

const storedFile = z.object({ key: z.string(), bytes: z.number().int().min(0), sha256: z.string() });
export type StoredFile = z.infer<typeof storedFile>;

const manifestSchema = z.object({
  format: z.literal('meshbay-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.string(),
    bytes: z.number().int().min(0),
    sha256: z.string(),
    /** `SHOW server_version` of the database backed up. */
    serverVersion: z.string(),
    /** pg_dump's version (PostgreSQL only). */
    dumpVersion: z.string().optional(),
  }),
  tables: z.array(tableStat),
  files: z.array(storedFile),
  /** DATA_DIR/auth-secret (the generated signing key), when there was one. */
  authSecret: z.object({ sha256: z.string() }).nullable(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const target = path.join(dir, manifestFile);
  await fs.writeFile(`${target}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(`${target}.tmp`, target);
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, manifestFile), 'utf8');
  } catch {
    throw new Error(
      `${dir} has no ${manifestFile}: it is not a backup, or the backup did not finish (the manifest is written last).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path.join(dir, manifestFile)} is not valid JSON: the backup is damaged.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `${path.join(dir, manifestFile)} is not a Meshbay backup manifest (${issue.path.join('.') || 'manifest'}: ${issue.message}).`,
    );
  }
  return parsed.data;
}

/** The major version in a version string such as "15.18 (Debian 15.18-0+deb12u1)" or "pg_dump (PostgreSQL) 17.2". */
export function majorVersion(version: string): number {
  const match = /(\d+)(?:\.\d+)?/.exec(version.replace(/^[^\d]*/, ''));
  return match ? Number(match[1]) : Number.NaN;
}
