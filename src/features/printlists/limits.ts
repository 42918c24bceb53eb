/** What the printlist forms need, without zod (they are on model pages; `src/client-imports.test.ts`). */
export const maxTitleLength = 80;

export const maxDescriptionLength = 2000;

export const printlistVisibilities = ['public', 'private'] as const;
