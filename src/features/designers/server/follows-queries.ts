/** Reads of follows for pages (decision 0032). */
import {
  countFollowedModels,
  countFollowing,
  findFollowedDesigners,
  findFollowedModelIds,
} from './follows-repository';

export const followedModelsPerPage = 24;
/** The "Following" page names at most this many designers, the most recently followed. */
export const followedDesignersShown = 100;

/**
 * The "Following" page: whom the user follows and one page of their newest models (ids, newest
 * first). Null past the last page (page 1 always exists).
 */
export async function getFollowingPage(userId: number, page: number) {
  const [designerCount, modelCount] = await Promise.all([
    countFollowing(userId),
    countFollowedModels(userId),
  ]);
  const pageCount = Math.max(1, Math.ceil(modelCount / followedModelsPerPage));
  if (page > pageCount) return null;
  const [designers, modelIds] = await Promise.all([
    designerCount === 0 ? [] : findFollowedDesigners(userId, followedDesignersShown),
    modelCount === 0
      ? []
      : findFollowedModelIds(userId, followedModelsPerPage, (page - 1) * followedModelsPerPage),
  ]);
  return { designers, designerCount, modelIds, modelCount, page, pageCount };
}
