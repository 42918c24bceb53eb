/** Fragment targets that pages of other features link to (`/#custom-solutions`). */
export const siteAnchors = {
  /** The home page's custom solutions section (the listings' "hire a designer" banner). */
  customSolutions: 'custom-solutions',
} as const;
