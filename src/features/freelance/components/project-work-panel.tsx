import type { Locale } from '@/i18n/routing';

/** The project's work phase (deliveries, revisions, approval); the `work` branch replaces this file. */
export function ProjectWorkPanel({ projectId, locale }: { projectId: number; locale: Locale }) {
  void projectId;
  void locale;
  return null;
}
