/** Shared by the forum's routes: refusals the forms show in words, and fresh pages after a change. */
import { ForumRefusal } from '@/features/forum/server/commands';
import { handleJson, jsonFieldErrors } from '@/server/http/json';
import { purgeCachedPages } from '@/server/http/page-cache-purge';

const forumPages = { anywhere: ['forum', 'foro'] };

/** Like `handleJson`; a forum refusal (banned, locked, edit window over) is a 400 with its `formError`. */
export function handleForumJson(run: () => Promise<Response>): Promise<Response> {
  return handleJson(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ForumRefusal) return jsonFieldErrors({}, error.refusal);
      throw error;
    }
  });
}

/** Guests' cached forum pages go after any change in the forum. */
export function purgeForumPages(): void {
  purgeCachedPages(forumPages);
}

export function threadIdOf(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
