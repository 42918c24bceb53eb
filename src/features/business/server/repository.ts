import { getDb } from '@/server/db/client';
import { businessApplications } from '@/server/db/schema/business';

import type { BusinessApplicationInput } from '../schemas';

export async function insertBusinessApplication(input: BusinessApplicationInput): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(businessApplications)
    .values({
      companyName: input.companyName,
      contactName: input.contactName,
      email: input.email,
      locale: input.locale,
    })
    .returning({ id: businessApplications.id });
  return row!.id;
}
