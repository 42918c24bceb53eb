/**
 * The jobs board's projects in the database (decision 0023): drafts, edits and status changes of an
 * owner, reference pictures, and the public board's filtered, sorted pages. Returns DTOs only; the
 * rules (locks, who may edit, the lifecycle table) are project-commands.ts's.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { DesignerSkill } from '@/features/designers/api';
import { designerProfiles } from '@/features/designers/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';

import type { ProjectStatus } from '../freelance-lifecycle';
import {
  boardPageSize,
  boardStatusMap,
  type BoardFilters,
  type BoardPageDto,
  type ProjectCardDto,
  type ProjectDetails,
  type ProjectDto,
  type ProjectFileFormat,
} from '../project-schemas';
import { projectApplications, projectImages, projects } from './schema';

const invited = alias(users, 'invited_designer');

export interface InvitableDesignerDto {
  id: number;
  username: string;
  acceptsCustomRequests: boolean;
}

/** A designer (seller) by username, with whether they take custom requests (no profile: they do). */
export async function findDesignerByUsername(username: string): Promise<InvitableDesignerDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      accepts: designerProfiles.acceptsCustomRequests,
    })
    .from(users)
    .leftJoin(designerProfiles, eq(designerProfiles.userId, users.id))
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`'seller' = any(${users.roles})`));
  return row ? { id: row.id, username: row.username, acceptsCustomRequests: row.accepts ?? true } : null;
}

export async function insertDraftProject(
  ownerId: number,
  details: ProjectDetails,
  invitedDesignerId: number | null,
  now: Date,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(projects)
    .values({ ownerId, ...details, invitedDesignerId, createdAt: now, updatedAt: now })
    .returning({ id: projects.id });
  return row!.id;
}

/**
 * The project's owner, status and accepted application: locked for update in a transaction, or shared
 * (`lock: 'share'`) for a check before a longer command.
 */
export async function lockProjectState(
  tx: Transaction | Database,
  projectId: number,
  lock: 'update' | 'share' = 'update',
) {
  const [row] = await tx
    .select({
      ownerId: projects.ownerId,
      status: projects.status,
      acceptedApplicationId: projects.acceptedApplicationId,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for(lock);
  return row ?? null;
}

/** Who owns the project (read without a lock). */
export async function findProjectOwnerId(db: Database, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.ownerId ?? null;
}

export async function hasAcceptedApplication(
  tx: Transaction | Database,
  projectId: number,
): Promise<boolean> {
  const [accepted] = await tx
    .select({ id: projectApplications.id })
    .from(projectApplications)
    .where(and(eq(projectApplications.projectId, projectId), eq(projectApplications.status, 'accepted')))
    .limit(1);
  return accepted !== undefined;
}

export async function updateProjectDetails(
  tx: Transaction,
  projectId: number,
  details: ProjectDetails,
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({ ...details, updatedAt: now })
    .where(eq(projects.id, projectId));
}

/** The owner's step: published (since `now`) or cancelled. */
export async function setOwnProjectStatus(
  tx: Transaction,
  projectId: number,
  to: 'published' | 'cancelled',
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set(
      to === 'published' ? { status: to, publishedAt: now, updatedAt: now } : { status: to, updatedAt: now },
    )
    .where(eq(projects.id, projectId));
}

/** Locks the project row (so two uploads never share a position) and answers its pictures' positions. */
export async function lockImagePositions(tx: Transaction, projectId: number): Promise<number[]> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const rows = await tx
    .select({ position: projectImages.position })
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId));
  return rows.map((r) => r.position);
}

export async function insertProjectImage(
  tx: Transaction,
  projectId: number,
  position: number,
  image: { storageKey: string; contentType: string; sizeBytes: number },
  now: Date,
): Promise<void> {
  await tx.insert(projectImages).values({ projectId, position, ...image, createdAt: now });
}

export async function countProjectImages(projectId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId));
  return row?.n ?? 0;
}

/** Removes a picture; its storage key (to delete the files), or null when there is none. */
export async function deleteProjectImage(projectId: number, position: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .delete(projectImages)
    .where(and(eq(projectImages.projectId, projectId), eq(projectImages.position, position)))
    .returning({ storageKey: projectImages.storageKey });
  return row?.storageKey ?? null;
}

/** The thumbnail of a stored reference picture: `{key without extension}-360.webp`. */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey.replace(/\.[a-z0-9]+$/, '')}-360.webp`;
}

const cardColumns = {
  id: projects.id,
  title: projects.title,
  budgetCents: projects.budgetCents,
  applicantsCount: projects.applicantsCount,
  status: projects.status,
  software: projects.software,
  skills: projects.skills,
  deadline: projects.deadline,
  publishedAt: projects.publishedAt,
  createdAt: projects.createdAt,
  invitedDesigner: invited.username,
};

type CardRow = {
  id: number;
  title: string;
  budgetCents: number;
  applicantsCount: number;
  status: ProjectStatus;
  software: string[];
  skills: string[];
  deadline: Date;
  publishedAt: Date | null;
  createdAt: Date;
  invitedDesigner: string | null;
};

const card = (row: CardRow): ProjectCardDto => ({
  id: row.id,
  title: row.title,
  budgetCents: row.budgetCents,
  applicantsCount: row.applicantsCount,
  status: row.status,
  software: row.software,
  skills: row.skills as DesignerSkill[],
  deadline: row.deadline,
  postedAt: row.publishedAt ?? row.createdAt,
  invitedDesigner: row.invitedDesigner,
});

/** A project with everything its page shows (any status: the caller decides who may see it). */
export async function findProject(projectId: number): Promise<ProjectDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...cardColumns,
      description: projects.description,
      fileFormats: projects.fileFormats,
      referenceLinks: projects.referenceLinks,
      ownerId: projects.ownerId,
      ownerUsername: users.username,
      ownerAvatarKey: users.avatarKey,
      ownerProfile: designerProfiles.userId,
      acceptedApplicationId: projects.acceptedApplicationId,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(designerProfiles, eq(designerProfiles.userId, projects.ownerId))
    .leftJoin(invited, eq(invited.id, projects.invitedDesignerId))
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const images = await db
    .select({ position: projectImages.position, storageKey: projectImages.storageKey })
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId))
    .orderBy(asc(projectImages.position));
  return {
    ...card(row),
    description: row.description,
    fileFormats: row.fileFormats as ProjectFileFormat[],
    referenceLinks: row.referenceLinks,
    images: images.map((i) => ({
      position: i.position,
      full: fileUrl(i.storageKey),
      thumbnail: fileUrl(thumbnailKeyOf(i.storageKey)),
    })),
    ownerId: row.ownerId,
    owner: {
      username: row.ownerUsername,
      hasProfile: row.ownerProfile !== null,
      avatar: row.ownerAvatarKey
        ? {
            small: fileUrl(`${row.ownerAvatarKey}-64.webp`),
            large: fileUrl(`${row.ownerAvatarKey}-160.webp`),
          }
        : null,
    },
    acceptedApplicationId: row.acceptedApplicationId,
    createdAt: row.createdAt,
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the public board: projects in the filter's public statuses, with any of the ticked
 * skills, a software entry containing the text, and a budget within the range.
 */
export async function listBoard(filters: BoardFilters): Promise<BoardPageDto> {
  const db = await getDb();
  const conditions: SQL[] = [inArray(projects.status, [...boardStatusMap[filters.status]])];
  if (filters.skills.length > 0)
    conditions.push(sql`${projects.skills} && ${sql.param(filters.skills)}::text[]`);
  if (filters.software !== '')
    conditions.push(
      sql`exists (select 1 from unnest(${projects.software}) as s(name) where s.name ilike ${likePattern(filters.software)})`,
    );
  if (filters.budgetMinCents !== null)
    conditions.push(sql`${projects.budgetCents} >= ${filters.budgetMinCents}`);
  if (filters.budgetMaxCents !== null)
    conditions.push(sql`${projects.budgetCents} <= ${filters.budgetMaxCents}`);
  const where = and(...conditions);
  const order =
    filters.sort === 'budget'
      ? [desc(projects.budgetCents), desc(projects.publishedAt), desc(projects.id)]
      : filters.sort === 'applicants'
        ? [asc(projects.applicantsCount), desc(projects.publishedAt), desc(projects.id)]
        : [desc(projects.publishedAt), desc(projects.id)];
  const [totalRow] = await db.select({ n: count() }).from(projects).where(where);
  const total = totalRow?.n ?? 0;
  const rows = await db
    .select(cardColumns)
    .from(projects)
    .leftJoin(invited, eq(invited.id, projects.invitedDesignerId))
    .where(where)
    .orderBy(...order)
    .limit(boardPageSize)
    .offset((filters.page - 1) * boardPageSize);
  return { projects: rows.map(card), total, pageCount: Math.max(1, Math.ceil(total / boardPageSize)) };
}
