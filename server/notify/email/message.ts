/**
 * One outgoing email, as every transport takes it, and the checks it must pass before it is sent
 * or stored. Attachments arrive as base64 so a message stays plain JSON (the outbox keeps it in
 * a jsonb column).
 */
import { z } from "zod";

/** The sender when a message names none: the embedded outbox has no real domain to send from. */
export const DEFAULT_EMAIL_FROM = "Atelier <no-reply@atelier.local>";

export const EMAIL_LIMITS = {
  subject: 200,
  from: 320,
  kind: 64,
  attachments: 5,
  /** Total of all attachments, decoded: what the recipient's mail server sees, not the base64. */
  attachmentBytes: 5 * 1024 * 1024,
  filename: 255,
} as const;

export const EMAIL_ATTACHMENT_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "text/plain",
  "text/csv",
] as const;

export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface EmailMessage {
  to: string;
  from?: string;
  subject: string;
  html: string;
  text: string;
  /** Which template made it (verification, sign-in-code, custom…): filters the dev mailbox. */
  kind: string;
  attachments?: EmailAttachment[];
}

/** Bytes a base64 string decodes to, without decoding it. */
export function base64DecodedBytes(value: string): number {
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

// A flat character class: a grouped pattern such as (?:[…]{4})* overflows the regex stack on
// megabytes of input.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (v: string) => v.length % 4 === 0 && BASE64_CHARS.test(v);
// Line breaks in a header field would let a value start a new header.
const NO_LINE_BREAKS = /^[^\r\n]*$/;

const filename = z
  .string()
  .min(1, "expected a file name")
  .max(EMAIL_LIMITS.filename, `expected a file name of at most ${EMAIL_LIMITS.filename} characters`)
  // A recipient's mail client may save the file under this name: no directories, no tricks.
  .refine((v) => !/[/\\:]/.test(v), "expected a file name without path separators")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "expected a file name without control characters")
  .refine((v) => !/^\.+$/.test(v), "expected a file name, not a directory reference");

export const emailAttachmentSchema = z.object({
  filename,
  contentType: z.enum(EMAIL_ATTACHMENT_TYPES, {
    error: `expected one of ${EMAIL_ATTACHMENT_TYPES.join(", ")}`,
  }),
  contentBase64: z.string().refine(isBase64, "expected base64 content without line breaks"),
});

export const emailMessageSchema = z.object({
  to: z.email({ error: "expected one email address" }),
  from: z
    .string()
    .min(3)
    .max(EMAIL_LIMITS.from)
    .regex(NO_LINE_BREAKS, "expected a sender without line breaks")
    .optional(),
  subject: z
    .string()
    .trim()
    .min(1, "expected a subject")
    .max(EMAIL_LIMITS.subject, `expected a subject of at most ${EMAIL_LIMITS.subject} characters`)
    .regex(NO_LINE_BREAKS, "expected a subject without line breaks"),
  html: z.string().min(1, "expected an HTML part"),
  text: z.string().min(1, "expected a plain-text part"),
  kind: z.string().min(1).max(EMAIL_LIMITS.kind),
  attachments: z
    .array(emailAttachmentSchema)
    .max(EMAIL_LIMITS.attachments, `expected at most ${EMAIL_LIMITS.attachments} attachments`)
    .refine(
      (list) => list.reduce((sum, a) => sum + base64DecodedBytes(a.contentBase64), 0) <= EMAIL_LIMITS.attachmentBytes,
      `expected attachments of at most ${EMAIL_LIMITS.attachmentBytes / 1024 / 1024} MB in total`,
    )
    .optional(),
});

/** Checks a message; throws a ZodError naming each bad field. */
export function parseEmailMessage(message: EmailMessage): EmailMessage {
  return emailMessageSchema.parse(message);
}
