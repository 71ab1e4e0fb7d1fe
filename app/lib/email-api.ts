/**
 * Browser helpers for the spec's email calls (§7). Failures throw with the spec's messages (§8),
 * after recording an error report.
 */
import { reportClientError } from "./error-reporter";
import { createHttpClient, HttpError } from "./http-client";

const client = createHttpClient();

async function call(path: string, body: unknown, prefix: string, fn: string): Promise<void> {
  try {
    await client.post(path, { json: body });
  } catch (error) {
    const detail = error instanceof HttpError && error.message ? error.message : "Unknown error";
    // The server already says "Failed to send …" for delivery failures; do not say it twice.
    const message = detail.startsWith(prefix) ? detail : `${prefix} ${detail}`;
    const failure = new Error(message);
    reportClientError({ error: failure, fn });
    throw failure;
  }
}

export function sendVerificationEmail(body: { user_uid: string; email: string }) {
  return call("/api/send-verification-email", body, "Failed to send verification email:", "sendVerificationEmail");
}

export function sendCustomEmail(body: { email: string; subject: string; message: string }) {
  return call("/api/send-custom-email", body, "Failed to send custom email:", "sendCustomEmail");
}

export function sendCustomEmailWithAttachment(body: {
  email: string;
  subject: string;
  message: string;
  attachment: { filename: string; content: string; encoding: "base64" };
}) {
  return call(
    "/api/send-custom-email-with-attachment",
    body,
    "Failed to send email with attachment:",
    "sendCustomEmailWithAttachment",
  );
}
