/** What the home sections take from other features (structurally: the catalogue's DTOs fit). */
export interface HomeImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface HomeCategory {
  id: number;
  title: string;
  /** Localized path below the listing root. */
  path: string;
  icon: string;
  itemCount: number;
  image: HomeImage | null;
  subcategories: { id: number; title: string; path: string; itemCount: number }[];
}

export interface FeaturedDesignerData {
  id: number;
  user: {
    id: number;
    username: string;
    avatar: { small: string; large: string } | null;
    rating: number;
    totalModels: number | null;
  };
  keywords: string[];
}
