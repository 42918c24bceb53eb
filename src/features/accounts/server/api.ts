/**
 * What other features may use of accounts on the server (decision 0030): the users table's profile
 * columns, written in the caller's transaction.
 */
export { saveDisplayName } from './profile-repository';
