/** Values a model's licence and badges take (spec §3), shared by the database schema and the filters. */

/** Spec §3 "Licence types". */
export const licenceTypes = [
  'royalty_free',
  'royalty_free_no_ai',
  'editorial_royalty_free',
  'editorial_no_ai',
  'custom',
  'custom_no_ai',
] as const;
export type LicenceType = (typeof licenceTypes)[number];

/** Spec §3 "Model" badges. */
export const modelBadges = [
  'bestPriceGuaranteed',
  'new',
  'topSelling',
  'qualityVerified',
  'topRated',
  'aiGenerated',
  'designerPick',
  'threeDPrintVerified',
] as const;
export type ModelBadge = (typeof modelBadges)[number];

/** Licences whose terms the seller writes (shown on the model page and in the cart before buying). */
export const customLicences: readonly LicenceType[] = ['custom', 'custom_no_ai'];

/** Units a seller declares a mesh in (DESIGN §6); figures are stored in millimetres. */
export const lengthUnits = ['mm', 'cm', 'in', 'm'] as const;
export type LengthUnit = (typeof lengthUnits)[number];

/** What a seller writes about a model. */
export interface ModelDetails {
  title: string;
  description: string;
  categoryId: number;
  tags: string[];
  priceCents: number;
  licence: LicenceType;
  /** The seller's own terms: only with a custom licence (null otherwise). */
  licenceTerms: string | null;
  unit: LengthUnit;
  walletEligible: boolean;
}
