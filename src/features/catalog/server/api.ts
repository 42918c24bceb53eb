/**
 * What other features may use of catalog on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only catalog writes them).
 */
export { categories, categoryTranslations, modelFiles, modelViewVisits, models, previewImages, publishedModel, tags } from './schema';
