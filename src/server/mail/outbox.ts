/**
 * Outgoing email: every message is written to the `email_outbox` table first (so nothing is lost and
 * tests can read it), logged in development, and sent by SMTP at once when SMTP_URL is configured.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';

import { env } from '@/env';
import { getDb } from '@/server/db/client';
import { emailOutbox } from '@/server/db/schema/accounts';
import { logger } from '@/server/logger';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers for SMTP (e.g. List-Unsubscribe); the outbox keeps the message itself. */
  headers?: Record<string, string>;
}

let transport: nodemailer.Transporter | undefined;

export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: email.to, subject: email.subject, bodyText: email.text })
    .returning({ id: emailOutbox.id });
  if (!env.SMTP_URL) {
    if (env.NODE_ENV !== 'production')
      logger.info({ to: email.to, subject: email.subject, text: email.text }, 'email (outbox only)');
    return;
  }
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  try {
    await transport.sendMail({
      from: env.MAIL_FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      headers: email.headers,
    });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row!.id));
  } catch (error) {
    logger.error({ err: error, to: email.to }, 'email could not be sent');
    await db
      .update(emailOutbox)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(emailOutbox.id, row!.id));
  }
}
