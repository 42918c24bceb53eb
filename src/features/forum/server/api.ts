/** What other parts of the app use of the forum on the server (decision 0043). */
export { forumPostSubject } from './moderation-subject';
export { banFromPosting, findPostingBanUntil } from './posting-ban';
export { forumCategories, forumPosts, forumThreads } from './schema';
export { insertForumCategories } from './repository';
