/**
 * Where a page action turns a refusal into its answer (ADR 0037): the AppError's code gives the
 * status, its fields go next to theirs, else its words go above the form. Anything that is not an
 * AppError is not a refusal — it is rethrown to the error page and the log.
 */
import { AppError } from "@server/app-error";
import { data } from "react-router";
import type { FormErrors, FormFailure } from "./forms";

/** Field messages beside their fields; the error's own words above the form unless a field says them already. */
export function errorsOf(error: AppError): FormErrors {
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages[0]) fields[name] = messages[0];
  return Object.values(fields).includes(error.message) ? { fields } : { fields, form: error.message };
}

/** The answer to a refusal thrown below a page action. */
export function refusal(error: unknown, options: { values?: Record<string, string>; intent?: string } = {}) {
  if (!(error instanceof AppError)) throw error;
  const answer: FormFailure = { ok: false, errors: errorsOf(error), values: options.values ?? {} };
  if (options.intent) answer.intent = options.intent;
  return data(answer, { status: error.status, headers: error.headers });
}

/** A failure the action itself found (a form-level message and/or fields), as a 400 unless told. */
export function formFailure(
  errors: { form?: string; fields?: Record<string, string> },
  options: { values?: Record<string, string>; intent?: string; status?: number } = {},
) {
  const answer: FormFailure = {
    ok: false,
    errors: { fields: errors.fields ?? {}, ...(errors.form ? { form: errors.form } : {}) },
    values: options.values ?? {},
  };
  if (options.intent) answer.intent = options.intent;
  return data(answer, { status: options.status ?? 400 });
}
