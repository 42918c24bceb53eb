/** A square avatar picture in the sizes the store holds (spec §3 "Avatar"). */
export interface AvatarImageDto {
  /** The 64 px file: enough for every avatar size up to 32 px on 2× screens. */
  small: string;
  /** The 160 px file, for 40–80 px avatars. */
  large: string;
}

export interface DesignerSummaryDto {
  id: number;
  username: string;
  displayName: string | null;
  avatar: AvatarImageDto | null;
  /** Average review rating 0–5. */
  rating: number;
  ratingCount: number;
  totalModels: number;
  country: string | null;
}

/** Spec §3 "Featured designer" (the JSON call's `data`, plus what the card shows). */
export interface FeaturedDesignerDto {
  id: number;
  user: { id: number; username: string };
  keywords: string[];
  designer: DesignerSummaryDto;
}

export interface DesignerProfileDto extends DesignerSummaryDto {
  about: string;
  skills: string[];
  software: string[];
  followers: number;
  modelViews: number;
  modelLikes: number;
  projectsDone: number;
  responseRatePermille: number;
  acceptsCustomRequests: boolean;
  memberSince: string;
}

export const designersPerPage = 24;
