/** What other features may use of saved searches on the server (decision 0030). */
export { findSavedSearchId } from './repository';
