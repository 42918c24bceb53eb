/** What other features may use of catalog's rules and types, on the server and in the browser (decision 0030). */
export {
  customLicences,
  lengthUnits,
  licenceTypes,
  type LengthUnit,
  type LicenceType,
  type ModelDetails,
} from './model-attributes';
export { parseModelId } from './model-id';
export { parseQuery, type BooleanQuery, type QueryNode } from './query-language';
export {
  assertModelTransition,
  canTransitionModel,
  deletableStatuses,
  editableStatuses,
  modelStatuses,
  publicationChange,
  sellerSteps,
  statusAfterNewFile,
  type ModelStatus,
} from './model-lifecycle';
export {
  fileFormats,
  filtersToQuery,
  narrowsListing,
  parseListingFilters,
  polyRanges,
  productTypeSchema,
  smallestSource,
  type ListingFilters,
  type ListingSearch,
  type ModelCardDto,
  type PolyRange,
  type ProductType,
} from './schemas';
export { dampedRating, meanRating, ratingPriorWeight } from './rating-rank';
