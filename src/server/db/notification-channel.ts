/**
 * Messages between the instances on one PostgreSQL database (LISTEN/NOTIFY, decision 0063), on a
 * connection of their own. Best effort: what is sent while an instance is disconnected is lost to it, so
 * only messages that may be missed go through here (a page-cache purge: the page expires anyway). A lost
 * connection is made again after 1 s, then at longer intervals up to 30 s. An instance does not receive
 * its own messages.
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { redactUrl } from '@/server/db/client';
import { logger } from '@/server/logger';

export interface NotificationChannel {
  /** Sends `message` to the other instances listening now; false when it could not be sent. */
  send(message: string): Promise<boolean>;
  /** Whether the channel's connection is open (for tests and /metrics). */
  connected(): boolean;
  close(): Promise<void>;
}

/** How the channel's connections show in `pg_stat_activity`. */
export const channelApplicationName = 'meshbay notifications';

/** NOTIFY's payload limit is 8,000 bytes; the instance's id goes first. */
export const maxMessageBytes = 7_900;

export async function openNotificationChannel(options: {
  url: string;
  /** A lower-case SQL identifier. */
  name: string;
  onMessage: (message: string) => void;
}): Promise<NotificationChannel> {
  const { url, name, onMessage } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a channel name: ${name}`);
  const instance = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: channelApplicationName });
    // A network error is followed by 'end', which reconnects.
    next.on('error', () => {});
    next.on('notification', ({ channel, payload }) => {
      if (channel !== name || !payload) return;
      const space = payload.indexOf(' ');
      if (space < 0 || payload.slice(0, space) === instance) return;
      onMessage(payload.slice(space + 1));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${name}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    next.on('end', () => {
      if (client === next) client = null;
      if (closed) return;
      logger.warn({ channel: name }, 'notification channel lost; connecting again');
      reconnectLater();
    });
    client = next;
    retryMs = 1_000;
  }

  function reconnectLater() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        logger.warn(
          { channel: name, url: redactUrl(url), err: error },
          'notification channel: cannot connect',
        );
        retryMs = Math.min(retryMs * 2, 30_000);
        reconnectLater();
      });
    }, retryMs);
    retry.unref();
  }

  try {
    await connect();
  } catch (error) {
    logger.warn({ channel: name, url: redactUrl(url), err: error }, 'notification channel: cannot connect');
    reconnectLater();
  }

  return {
    async send(message) {
      if (Buffer.byteLength(message) > maxMessageBytes) {
        throw new Error(`a notification holds at most ${maxMessageBytes} bytes`);
      }
      const payload = `${instance} ${message}`;
      const sender = client;
      if (!sender) return false;
      try {
        await sender.query('SELECT pg_notify($1, $2)', [name, payload]);
        return true;
      } catch (error) {
        logger.warn({ channel: name, err: error }, 'notification not sent');
        return false;
      }
    },
    connected: () => client !== null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
