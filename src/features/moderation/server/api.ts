/**
 * The moderation queue's interface for other features (decision 0043): file a report in the caller's
 * transaction, resolve a subject's open reports when an admin acts on it, and the types a subject type
 * implements to show up in `/admin/moderation`.
 */
export {
  fileReport,
  holdForReview,
  reportsPerHour,
  resolveReports,
  type FiledReport,
} from './report-repository';
export type {
  ModerationAction,
  ModerationRegistry,
  ModerationSubjectType,
  ReportedContent,
} from './subjects';
export { reports } from './schema';
