/**
 * The one error a domain throws when it refuses something (issue 17, ADR 0036): a machine code,
 * words for people, the form fields they belong next to, and the HTTP status an API answers with.
 * `handleApi` (server/http/api.ts) turns any AppError into `{ error: { code, message, fields } }`
 * in one place, so routes no longer translate each domain's errors; page actions read `message`
 * and `fields` the same way. Domains name their own subclasses (CommerceError, GenerationError…)
 * so a caller can still tell whose refusal it is.
 */
export class AppError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly headers?: HeadersInit;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.fields = details.fields;
    this.headers = details.headers;
  }
}
