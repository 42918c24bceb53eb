/** Designer profiles for sellers that the catalogue import creates. */
import type { QueryFn } from '@/server/db/client';

/** Gives each of these users (by lower-case username) a designer profile, unless they have one. */
export async function insertMissingDesignerProfiles(
  query: QueryFn,
  lowerCaseUsernames: string[],
): Promise<void> {
  await query(
    `INSERT INTO designer_profiles (user_id)
     SELECT id FROM users WHERE lower(username) = ANY($1::text[]) ON CONFLICT DO NOTHING`,
    [lowerCaseUsernames],
  );
}
