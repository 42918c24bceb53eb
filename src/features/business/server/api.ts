/**
 * What other features may use of business on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only business writes them).
 */
export { teamMembers } from './schema';
