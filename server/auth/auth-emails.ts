/**
 * The emails of the account flows. One verification mechanism (Better Auth's email OTP rows)
 * serves links and codes: every link carries the same 6-digit code the email shows, and the
 * page it opens submits that code.
 */
import { eq } from "drizzle-orm";
import { emailLink } from "../navigation/link-origin";
import { getDb } from "../db/client";
import { user } from "../db/schema";
import { queueTemplateEmail } from "../notify/send-email";

export const CODE_TTL_SECONDS = 15 * 60;
export type CodeEmailType = "email-verification" | "sign-in" | "forget-password";

async function nameOf(email: string): Promise<string | null> {
  const [row] = await getDb().select({ name: user.name }).from(user).where(eq(user.email, email));
  return row?.name ?? null;
}

/** Better Auth's sendVerificationOTP hook: renders the right email and queues it. */
export async function sendCodeEmail({
  email,
  otp,
  type,
}: {
  email: string;
  otp: string;
  type: CodeEmailType;
}): Promise<void> {
  const name = await nameOf(email);
  const expiresInMinutes = CODE_TTL_SECONDS / 60;
  if (type === "email-verification") {
    const url = await emailLink("/verify-email", { email, code: otp });
    await queueTemplateEmail(email, { kind: "verification", name, url, code: otp, expiresInMinutes });
  } else if (type === "sign-in") {
    const url = await emailLink("/enter-otp", { purpose: "sign-in", email, code: otp });
    await queueTemplateEmail(email, { kind: "sign-in-link", name, url, code: otp, expiresInMinutes });
  } else {
    const url = await emailLink("/new-password", { email, code: otp });
    await queueTemplateEmail(email, { kind: "password-reset", name, url, code: otp, expiresInMinutes });
  }
}

export async function sendPasswordChangedEmail(to: { email: string; name: string }): Promise<void> {
  await queueTemplateEmail(to.email, {
    kind: "password-changed",
    name: to.name,
    changedAt: new Date(),
    resetUrl: await emailLink("/reset-password"),
  });
}

export async function sendWelcomeEmail(to: { email: string; name: string }): Promise<void> {
  await queueTemplateEmail(to.email, { kind: "welcome", name: to.name, url: await emailLink("/ai/ai-text-to-art") });
}
