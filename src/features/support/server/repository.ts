import { eq } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { models } from '@/server/db/schema/catalog';
import { supportMessages } from '@/server/db/schema/support';

/** The designer (user id) of a model, or null when there is no such model. */
export async function findModelDesigner(modelId: number): Promise<{ designerId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ designerId: models.designerId })
    .from(models)
    .where(eq(models.id, modelId))
    .limit(1);
  return row ?? null;
}

export async function insertSupportMessage(input: {
  modelId: number;
  designerId: number;
  senderName: string;
  senderEmail: string;
  body: string;
  locale: string;
}): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(supportMessages).values(input).returning({ id: supportMessages.id });
  return row!.id;
}
