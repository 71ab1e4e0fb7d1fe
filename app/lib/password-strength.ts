/**
 * A quick strength hint shown while typing (the server's rules are what count). Scores length
 * and variety, and marks down repeats and runs.
 */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export const STRENGTH_LABELS: Record<StrengthLevel, string> = {
  0: "Too short",
  1: "Weak",
  2: "Fair",
  3: "Good",
  4: "Strong",
};

export function estimatePasswordStrength(password: string, minLength = 10): StrengthLevel {
  if (password.length < minLength) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (classes >= 3) score += 1;
  if (new Set(password).size < password.length / 2) score -= 1; // many repeats
  if (/(0123|1234|2345|3456|4567|5678|6789|abcd|qwer|asdf|pass)/i.test(password)) score -= 1;
  return Math.max(1, Math.min(4, score)) as StrengthLevel;
}
