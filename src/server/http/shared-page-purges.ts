/**
 * The page cache's purges on every instance (decision 0063). A purge drops the matching pages here and
 * is sent to the other instances on the same PostgreSQL database, which drop theirs. With read replicas
 * it is done once more after the replicas' allowed lag: a page re-rendered in between from a replica
 * that had not yet seen the change must not stay cached for the page cache's whole lifetime.
 */
import type { NotificationChannel } from '@/server/db/notification-channel';
import { maxMessageBytes } from '@/server/db/notification-channel';
import { logger } from '@/server/logger';

import { everyPage, isPagePatternList, pagePatternMatcher, type PagePurger } from './page-cache-purge';

export const pagePurgeChannel = 'meshbay_page_purge';

export function sharedPagePurges(options: {
  /** The page cache's own purge, in this process. */
  purge: (matches: (pathname: string) => boolean) => number;
  /** 0: once. */
  repeatAfterMs: number;
}) {
  const purgeHere: PagePurger = (patterns) => {
    const matchers = patterns.map(pagePatternMatcher);
    const matches = (pathname: string) => matchers.some((match) => match(pathname));
    if (options.repeatAfterMs > 0) setTimeout(() => options.purge(matches), options.repeatAfterMs).unref();
    return options.purge(matches);
  };

  return {
    purgeHere,

    /** A purge sent by another instance. */
    receive(message: string): void {
      let patterns: unknown;
      try {
        patterns = JSON.parse(message);
      } catch {
        patterns = null;
      }
      if (isPagePatternList(patterns)) purgeHere(patterns);
      else logger.warn({ message: message.slice(0, 200) }, 'page purge from another instance not understood');
    },

    /** Purges here and on the instances listening to `channel`. */
    sharedOver(channel: Pick<NotificationChannel, 'send'>): PagePurger {
      return (patterns) => {
        let message = JSON.stringify(patterns);
        // Too long to send: the others drop everything rather than keep a stale page.
        if (Buffer.byteLength(message) > maxMessageBytes) message = JSON.stringify([everyPage]);
        void channel.send(message);
        return purgeHere(patterns);
      };
    },
  };
}
