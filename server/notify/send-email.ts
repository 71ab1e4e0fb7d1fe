/**
 * Sending email: always through the job queue (retried with backoff, never awaited inside a
 * request), delivered by SMTP when SMTP_URL is set, otherwise into the database outbox.
 */
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/queue";
import { logger } from "../logger";
import { reportServerError } from "../ops/error-reports";
import type { z } from "zod";
import { emailMessageSchema } from "./email/message";
import { renderEmail, type EmailTemplate } from "./email/render";
import { createOutboxTransport, createSmtpTransport, type EmailTransport } from "./email/transport";

let smtp: EmailTransport | undefined;

/** The transport configuration asks for: SMTP when configured, else the outbox. */
export function getEmailTransport(db: Database): EmailTransport {
  const { mail } = getConfig();
  if (mail.smtpUrl) {
    smtp ??= createSmtpTransport({ url: mail.smtpUrl, from: mail.from });
    return smtp;
  }
  return createOutboxTransport(db, { from: mail.from });
}

/** The spec's failure messages (§8), by what was being sent. */
export function emailFailureMessage(kind: string, error: unknown): string {
  const detail = error instanceof Error && error.message ? error.message : "Unknown error";
  if (kind === "verification") return `Failed to send verification email: ${detail}`;
  if (kind === "custom-attachment") return `Failed to send email with attachment: ${detail}`;
  if (kind === "custom") return `Failed to send custom email: ${detail}`;
  return `Failed to send ${kind} email: ${detail}`;
}

export const sendEmailJob = defineJob({
  name: "email.send",
  schema: emailMessageSchema,
  // SMTP hiccups are usually brief; 5 retries with backoff span a few minutes.
  retry: { limit: 5, delaySeconds: 5 },
  expireInSeconds: 120,
  async handle(message, { db, log }) {
    const { id } = await getEmailTransport(db).send(message);
    log.info({ kind: message.kind, to: message.to, id }, "email sent");
  },
  async onFinalFailure(message, error, { db }) {
    const text = emailFailureMessage(message.kind, error);
    logger.error({ err: error, to: message.to, kind: message.kind }, text);
    await reportServerError(db, new Error(text), { fn: "email.send" });
  },
});

/** Queues a ready message; returns the job id. */
export async function queueEmail(message: z.input<typeof emailMessageSchema>): Promise<string | null> {
  return enqueueJob(sendEmailJob, message);
}

/** Renders a template for one recipient and queues it. */
export async function queueTemplateEmail(to: string, template: EmailTemplate): Promise<string | null> {
  const rendered = await renderEmail(template);
  return queueEmail({ to, subject: rendered.subject, html: rendered.html, text: rendered.text, kind: rendered.kind });
}
