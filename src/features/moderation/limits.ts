/** What the report form needs, without zod (the form is on public pages; `src/client-imports.test.ts`). */
/** The reasons a user picks from. */
export const reportReasons = ['spam', 'abuse', 'off_topic', 'illegal', 'other'] as const;

export const maxReportNoteLength = 500;
