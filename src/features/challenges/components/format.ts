/** How challenge pages write dates and prizes. Dates are in UTC, said so, as the admin form takes them. */
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

export function challengeDateFormatter(locale: Locale): (iso: string) => string {
  const format = new Intl.DateTimeFormat(languageTags[locale], {
    // dateStyle and timeStyle cannot be combined with timeZoneName: the fields are named one by one.
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return (iso) => format.format(new Date(iso));
}

export const formatPrize = formatPrice;

const hour = 3_600_000;
const day = 24 * hour;

/** A new challenge's suggested dates: open at the next whole hour, vote two weeks later, results a week after. */
export function suggestedSchedule(now = new Date()) {
  const start = Math.ceil(now.getTime() / hour) * hour;
  const iso = (offset: number) => new Date(start + offset).toISOString();
  return { opensAt: iso(0), votingAt: iso(14 * day), resultsAt: iso(21 * day) };
}
