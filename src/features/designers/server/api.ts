/**
 * What other features may use of designers on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only designers writes them).
 */
export { designerProfiles, designerReviews } from './schema';
export { insertMissingDesignerProfiles } from './import-profiles-repository';
export {
  addProjectInProgress,
  addRatingToProfile,
  insertDesignerReview,
  moveProjectToDone,
  saveAcceptsCustomRequests,
} from './repository';
