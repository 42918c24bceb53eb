/** Spec §5 / DESIGN §5: any query up to 256 characters is searched; the box stops typing there. */
export const maxQueryLength = 256;
