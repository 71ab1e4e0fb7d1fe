/**
 * The one answer every page action gives (ADR 0037), and the parsing that produces it: one zod
 * schema shared with the form, errors keyed by field for display next to it, the values to refill
 * the form with, and — on pages with several forms — the intent that answered. Refusals thrown by
 * domain functions (AppError) become the same answer in `forms.server.ts`.
 */
import type { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./plain-text";

export interface FormErrors {
  fields: Record<string, string>;
  /** A problem with the form as a whole (wrong password, too many attempts…). */
  form?: string;
}

/** A page action's answer when something needs fixing. */
export interface FormFailure {
  ok: false;
  errors: FormErrors;
  values: Record<string, string>;
  /** Which of the page's forms answered, on pages with several. */
  intent?: string;
}

/** A page action's answer when it worked: what to tell the person (and, rarely, what it kept). */
export interface FormSuccess {
  ok: true;
  message: string;
  intent?: string;
  values?: Record<string, string>;
}

export type FormAnswer = FormSuccess | FormFailure;

export type FormResult<T> = { ok: true; data: T } | FormFailure;

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

/** The answer of one form on a page with several: undefined when another form answered. */
export function answerOf<A extends { intent?: string }>(answer: A | undefined, intent: string): A | undefined {
  return answer?.intent === intent ? answer : undefined;
}

/**
 * What an editor's fields show after its action answered: the values it sent back when it refused
 * them (else `saved`, the record's own) and each field's error. `field(name)` spreads on a TextField.
 */
export function formRefill(answer: FormAnswer | null | undefined, saved: Record<string, string> = {}) {
  const failed = answer && !answer.ok ? answer : null;
  const values: Record<string, string | undefined> = failed?.values ?? saved;
  const errors: Record<string, string | undefined> = failed?.errors.fields ?? {};
  // `empty`: what an empty field starts with (e.g. "0" for a number).
  const field = (name: string, empty?: string) => ({ name, defaultValue: values[name] || empty, error: errors[name] });
  return { failed, values, errors, field };
}

/** A form checked in the browser before it is sent: the values, or the first message per field. */
export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/** Checks what a form holds against the schema the server uses too, so the person sees mistakes before sending. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, fields };
}
