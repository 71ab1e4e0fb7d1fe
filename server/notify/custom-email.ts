/**
 * The spec's email calls (§7): an admin's custom email, with or without an attachment, and a
 * user's verification email. Each renders and queues; a failure carries the spec's message (§8).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import { logger } from "../logger";
import { reportServerError } from "../ops/error-reports";
import { type EMAIL_ATTACHMENT_TYPES, EMAIL_LIMITS, base64DecodedBytes } from "./email/message";
import { renderEmail } from "./email/render";
import { emailFailureMessage, queueEmail } from "./send-email";
import { AppError } from "../app-error";

const MESSAGE_MAX = 20_000;

export const customEmailInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject")
    .max(EMAIL_LIMITS.subject, `Keep the subject under ${EMAIL_LIMITS.subject} characters`),
  message: z
    .string()
    .trim()
    .min(1, "Write a message")
    .max(MESSAGE_MAX, `Keep the message under ${MESSAGE_MAX} characters`),
});

const EXTENSION_TYPES: Record<string, (typeof EMAIL_ATTACHMENT_TYPES)[number]> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  txt: "text/plain",
  csv: "text/csv",
};

export const customEmailWithAttachmentInput = customEmailInput.extend({
  attachment: z.object({
    filename: z
      .string()
      .trim()
      .min(1, "Name the attachment")
      .max(EMAIL_LIMITS.filename)
      .refine((name) => /\.[a-z0-9]+$/i.test(name) && name.split(".").pop()!.toLowerCase() in EXTENSION_TYPES, {
        message: `Attach a ${Object.keys(EXTENSION_TYPES).join(", ")} file`,
      }),
    content: z
      .string()
      .min(1, "The attachment is empty")
      .refine((b64) => base64DecodedBytes(b64) <= EMAIL_LIMITS.attachmentBytes, {
        message: "The attachment is larger than 5 MB",
      }),
    encoding: z.literal("base64", { error: "Send the attachment's content as base64" }),
  }),
});

/** PDF, PNG, JPEG and WebP files are checked by their first bytes, not only their names. */
function contentMatchesType(contentBase64: string, type: string): boolean {
  const head = Buffer.from(contentBase64.slice(0, 24), "base64");
  if (type === "application/pdf") return head.subarray(0, 5).toString("latin1") === "%PDF-";
  if (type === "image/png")
    return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (type === "image/jpeg") return head[0] === 0xff && head[1] === 0xd8;
  if (type === "image/webp")
    return head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP";
  return true; // text types
}

/** An email that could not be queued: an AppError (server/app-error.ts) with code email_failed. */
export class EmailRequestError extends AppError {
  constructor(code: "email_failed" | "attachment_mismatch", message: string) {
    super(code, message, code === "attachment_mismatch" ? { fields: { attachment: [message] } } : {});
    this.name = "EmailRequestError";
  }
}

async function queueOrFail(db: Database, kind: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = emailFailureMessage(kind, error);
    logger.error({ err: error }, message);
    await reportServerError(db, new Error(message), { fn: `send-${kind}-email` });
    throw new EmailRequestError("email_failed", message);
  }
}

type QueuedEmail = Parameters<typeof queueEmail>[0];

/** The admin's subject and message in the site's email layout, queued for one address. */
async function queueCustomMessage(
  input: z.output<typeof customEmailInput>,
  kind: QueuedEmail["kind"],
  attachments?: QueuedEmail["attachments"],
): Promise<void> {
  const rendered = await renderEmail({ kind: "custom", subject: input.subject, message: input.message });
  await queueEmail({
    to: input.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    kind,
    ...(attachments ? { attachments } : {}),
  });
}

export async function sendCustomEmail(db: Database, input: z.output<typeof customEmailInput>): Promise<void> {
  await queueOrFail(db, "custom", () => queueCustomMessage(input, "custom"));
}

export async function sendCustomEmailWithAttachment(
  db: Database,
  input: z.output<typeof customEmailWithAttachmentInput>,
): Promise<void> {
  const ext = input.attachment.filename.split(".").pop()!.toLowerCase();
  const contentType = EXTENSION_TYPES[ext]!;
  const content = input.attachment.content.replace(/\s+/g, "");
  if (!contentMatchesType(content, contentType)) {
    throw new EmailRequestError(
      "attachment_mismatch",
      `Failed to send email with attachment: ${input.attachment.filename} is not a real ${ext.toUpperCase()} file`,
    );
  }
  await queueOrFail(db, "custom-attachment", () =>
    queueCustomMessage(input, "custom-attachment", [
      { filename: input.attachment.filename, contentType, contentBase64: content },
    ]),
  );
}

/** 'user_uid by email' (spec §7): null on a miss; logs 'Error fetching user_uid by email: …' and returns null on failure. */
export async function findUserUidByEmail(db: Database, email: string): Promise<string | null> {
  try {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
    return row?.id ?? null;
  } catch (error) {
    logger.error({ err: error }, `Error fetching user_uid by email: ${(error as Error).message}`);
    return null;
  }
}
