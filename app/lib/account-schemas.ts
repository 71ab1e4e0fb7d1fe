/**
 * The account forms' schemas, shared by the browser (instant feedback) and the server (the
 * rule that counts). Emails are trimmed and lower-cased; passwords are checked again on the
 * server against the common-password list (server/auth/password-policy.ts).
 */
import { z } from "zod";
import { handleInput } from "./creators";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .max(254, "That email address is too long")
  .pipe(z.email("Enter a valid email address"));

export const newPasswordField = z
  .string({ error: "Choose a password" })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const codeField = z
  .string({ error: "Enter the 6-digit code" })
  .trim()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the email"));

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const signUpSchema = z.object({
  name: z
    .string({ error: "Tell us what to call you" })
    .trim()
    .min(1, "Tell us what to call you")
    .max(60, "Use at most 60 characters"),
  email: emailField,
  password: newPasswordField,
  /** Optional: left empty, a handle is made from the name (server/community/creators.ts). */
  handle: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    handleInput.optional(),
  ),
});

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX),
  remember: checkbox,
  redirectTo: z.string().optional(),
});

export const emailOnlySchema = z.object({ email: emailField, redirectTo: z.string().optional() });

export const CODE_PURPOSES = ["email-verification", "sign-in", "forget-password"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const codeSchema = z.object({
  email: emailField,
  code: codeField,
  purpose: z.enum(CODE_PURPOSES).default("email-verification"),
  redirectTo: z.string().optional(),
});

export const newPasswordSchema = z
  .object({
    email: emailField,
    code: codeField,
    password: newPasswordField,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The two passwords are not the same", path: ["confirm"] });

// Where a form's `redirectTo` may lead is decided by app/lib/redirect-target.ts (safeRedirectPath).
