/** Makes' limits, without zod: the upload form (a client component) needs them too. */

/** A make has at least one picture and at most this many (a print from a few sides). */
export const maxMakePictures = 6;
/** The gallery and the model page's makes, a page at a time. */
export const makesPerPage = 24;

export const makeFieldLimits = { description: 1000, printer: 80, material: 80, settings: 300 } as const;
