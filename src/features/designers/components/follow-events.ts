/** The follow button tells the profile's follower count the new figure through this DOM event. */
export const followersEvent = 'marketplace:designer-followers';

export interface FollowersDetail {
  userId: number;
  followers: number;
}

export function announceFollowers(detail: FollowersDetail): void {
  window.dispatchEvent(new CustomEvent<FollowersDetail>(followersEvent, { detail }));
}
