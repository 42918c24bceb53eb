/** What other features may use of geometry on the server (decision 0030). */
export { findFingerprintMatches } from './fingerprint-repository';
