/**
 * What other features may use of catalog on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only catalog writes them).
 */
export {
  categories,
  categoryTranslations,
  modelFiles,
  modelViewVisits,
  models,
  previewImages,
  publishedModel,
  tags,
} from './schema';
export {
  countPublishedModel,
  deleteDraftModel,
  insertDraftModel,
  lockModelRow,
  moveModel,
  recordReviewVerdict,
  setModelRating,
  touchModel,
  updateModelDetails,
  updateModelGeometry,
  type ModelGeometryColumns,
  type ModelPlacement,
} from './model-repository';
export {
  deleteModelFile,
  insertModelFile,
  saveFileAnalysis,
  saveFileAnalysisError,
} from './model-files-repository';
export {
  deletePicture,
  findPictureSlots,
  needsRenderedPreview,
  upsertPicture,
  upsertRenderedPreview,
} from './preview-images-repository';
export { addModelSales } from './model-sales-repository';
export { findListingModelsPublishedBetween, getModelCardsByIds } from './queries';
export { findCategoryLabels, type CategoryLabel } from './published-window-repository';
export { dropCachedModelPages } from './model-page-cache-repository';
export { searchFormsStartingWith } from './search-dictionary';
