/** What other features may use of makes on the server (decision 0030): the tables, for joins. */
export { makeSubject, makeSubjectType } from './moderation-subject';
export { makeLikes, makePictures, makes } from './schema';
