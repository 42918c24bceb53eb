/**
 * Time left until `endsAt`, in the visitor's language: whole days in words from Intl ("31 days",
 * "31 Tage", "31 jours", "31 日", "31天"), then the clock ("09:10:59"), whose digits read alike in
 * every locale the site speaks. Never negative.
 */
export function formatCountdown(millisecondsLeft: number, languageTag: string): string {
  const seconds = Math.max(0, Math.floor(millisecondsLeft / 1000));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  if (days === 0) return clock;
  const dayText = new Intl.NumberFormat(languageTag, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
  }).format(days);
  return `${dayText} ${clock}`;
}
