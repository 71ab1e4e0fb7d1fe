import { isCommonPassword } from "./common-passwords";

/** The server's password rule beyond length: refuse the passwords attackers try first. */
export function checkPasswordPolicy(password: string, context: { email?: string; name?: string } = {}): string | null {
  if (isCommonPassword(password)) return "This password is too common: choose one that is harder to guess";
  const lower = password.toLowerCase();
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return "Your password should not contain your email address";
  return null;
}
