/** The URLs of a user's avatar files, from the key stored in `users.avatar_key`. */
import { fileUrl } from '@/server/files/store';

/** Where uploaded avatars are stored; they have a third, larger file (generated avatars have two). */
export const memberAvatarFolder = 'avatars/members/';

export interface AvatarImageUrls {
  small: string;
  large: string;
  xlarge?: string;
}

export function avatarImageOf(key: string | null): AvatarImageUrls | null {
  if (!key) return null;
  const urls: AvatarImageUrls = { small: fileUrl(`${key}-64.webp`), large: fileUrl(`${key}-160.webp`) };
  if (key.startsWith(memberAvatarFolder)) urls.xlarge = fileUrl(`${key}-320.webp`);
  return urls;
}
