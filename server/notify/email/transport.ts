/**
 * Where email goes. The embedded default writes every message to the `email_outbox` table (read
 * by the development mailbox and by tests); a deployment with a mail server uses SMTP instead.
 * Both check the message first, so a bad address or an oversized attachment fails the same way
 * everywhere instead of only in production.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { DEFAULT_EMAIL_FROM, type EmailMessage, parseEmailMessage } from "./message";

export interface EmailTransport {
  readonly kind: "outbox" | "smtp";
  send(message: EmailMessage): Promise<{ id: string }>;
}

/** The embedded transport: stores the message and returns the outbox row's id. */
export function createOutboxTransport(db: Database, options: { from?: string } = {}): EmailTransport {
  const defaultFrom = options.from ?? DEFAULT_EMAIL_FROM;
  return {
    kind: "outbox",
    async send(input) {
      const message = parseEmailMessage(input);
      const [row] = await db
        .insert(emailOutbox)
        .values({
          to: message.to,
          from: message.from ?? defaultFrom,
          subject: message.subject,
          html: message.html,
          text: message.text,
          kind: message.kind,
          attachments: message.attachments ?? [],
        })
        .returning({ id: emailOutbox.id });
      return { id: row!.id };
    },
  };
}

/** SMTP URL schemes nodemailer understands: smtp:// (plain, STARTTLS when offered) and smtps:// (TLS). */
const SMTP_PROTOCOLS = new Set(["smtp:", "smtps:"]);

/**
 * Sends through an SMTP server named by a URL such as smtps://user:pass@smtp.example.com:465.
 * A new connection per message: sign-in mail is rare enough that a pool is not worth holding open.
 */
export function createSmtpTransport(options: { url: string; from: string }): EmailTransport {
  let protocol: string;
  try {
    protocol = new URL(options.url).protocol;
  } catch {
    throw new Error("The SMTP URL is not a URL: expected smtp://user:pass@host:587 or smtps://user:pass@host:465");
  }
  if (!SMTP_PROTOCOLS.has(protocol)) {
    throw new Error(`The SMTP URL must start with smtp:// or smtps:// (got ${protocol}//)`);
  }
  const transporter = createTransport({
    url: options.url,
    // nodemailer waits minutes by default; a sign-in request should fail within seconds instead.
    // Settings in the URL's query string still win over these.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(input) {
      const message = parseEmailMessage(input);
      const info = await transporter.sendMail({
        from: message.from ?? options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: "base64",
        })),
        headers: { "X-Atelier-Kind": message.kind },
      });
      return { id: info.messageId };
    },
  };
}

export type OutboxEmail = typeof emailOutbox.$inferSelect;

// Addresses are matched without regard to case: people type them both ways.
const toMatches = (to: string) => sql`lower(${emailOutbox.to}) = ${to.toLowerCase()}`;

/** Stored emails, newest first, optionally for one recipient and/or of one kind. */
/** One email of the outbox by its id (the development mailbox opens it even when it left the list). */
export async function findOutboxEmail(db: Database, id: string): Promise<OutboxEmail | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

export async function readOutbox(
  db: Database,
  filter: { to?: string; kind?: string; limit?: number } = {},
): Promise<OutboxEmail[]> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 500);
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        filter.to === undefined ? undefined : toMatches(filter.to),
        filter.kind === undefined ? undefined : eq(emailOutbox.kind, filter.kind),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** The last email sent to an address, if any: what a person would open next. */
export async function latestOutboxEmail(db: Database, to: string): Promise<OutboxEmail | undefined> {
  const [row] = await readOutbox(db, { to, limit: 1 });
  return row;
}
