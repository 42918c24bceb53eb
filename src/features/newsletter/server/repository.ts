import { sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { newsletterSubscriptions } from './schema';

/** Stores a subscription; an address already subscribed (in any letter case) is left as it is. */
export async function insertSubscription(email: string, locale: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(newsletterSubscriptions)
    .values({ email, locale })
    // The only unique key besides the id is lower(email).
    .onConflictDoNothing();
}

export async function isSubscribed(email: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}
