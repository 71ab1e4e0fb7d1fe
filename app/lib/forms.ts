/** Form parsing shared by actions: one zod schema, errors keyed by field for display next to it. */
import type { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./plain-text";

export interface FormErrors {
  fields: Record<string, string>;
  /** A problem with the form as a whole (wrong password, too many attempts…). */
  form?: string;
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FormErrors; values: Record<string, string> };

/** Plain text values of a form, for refilling it after an error (never passwords). */
export function formValues(
  formData: FormData,
  omit: readonly string[] = ["password", "confirm", "currentPassword"],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  return values;
}

export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): FormResult<z.output<S>> {
  const raw: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value !== "string") continue;
    raw[key] = value;
    if (hasControlCharacters(value)) fields[key] ??= CONTROL_CHARACTERS_MESSAGE;
  }
  if (Object.keys(fields).length > 0) return { ok: false, errors: { fields }, values: formValues(formData) };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    fields[key] ??= issue.message;
  }
  return { ok: false, errors: { fields }, values: formValues(formData) };
}

/** An error that belongs next to one field when it names one, else to the whole form. */
export function fieldOrFormError(error: { message: string; field?: string }, values: Record<string, string> = {}) {
  const errors: FormErrors = error.field
    ? { fields: { [error.field]: error.message } }
    : { fields: {}, form: error.message };
  return { ok: false as const, errors, values };
}
