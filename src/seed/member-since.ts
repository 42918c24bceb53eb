/**
 * A member's "Member since" is their account's creation. The demo seed writes accounts first and their
 * history (models published years ago, reviews, orders, projects, messages) with dates in the past, so
 * it moves each account's creation to a month before the earliest thing the member did, where that is
 * earlier than the account.
 */
import type { SqlSession } from '@/server/db/client';

/** Who did something when, in every seeded table that has a member and a date. */
const activities = [
  'SELECT designer_id AS user_id, created_at AS at FROM models',
  'SELECT designer_id, published_at FROM models WHERE published_at IS NOT NULL',
  'SELECT author_id, created_at FROM designer_reviews',
  'SELECT subject_id, created_at FROM designer_reviews',
  'SELECT designer_id, created_at FROM designer_tutorials',
  'SELECT user_id, created_at FROM orders',
  'SELECT owner_id, created_at FROM projects',
  'SELECT designer_id, created_at FROM project_applications',
  'SELECT sender_id, created_at FROM messages WHERE sender_id IS NOT NULL',
  'SELECT created_by, created_at FROM conversations',
  'SELECT buyer_id, created_at FROM custom_model_requests',
];

export async function backdateMembersToTheirActivity(handle: SqlSession): Promise<void> {
  await handle.exec(`
    WITH activity AS (${activities.join(' UNION ALL ')}),
    earliest AS (SELECT user_id, min(at) AS at FROM activity WHERE user_id IS NOT NULL GROUP BY user_id)
    UPDATE users u SET created_at = earliest.at - interval '30 days'
    FROM earliest WHERE earliest.user_id = u.id AND earliest.at - interval '30 days' < u.created_at;`);
}
