/** The marketplace's name, shown in the header, footer and page titles. */
export const siteName = 'Meshbay';
