/** What the rating forms need, without zod (they are on model pages; `src/client-imports.test.ts`). */
/** 0–5 whole stars (spec §3 rating widget: start 0, stop 5, step 1). */
export const minStars = 0;

export const maxStars = 5;

export const reviewBodyMaxLength = 2000;

export const replyMaxLength = 2000;
