/**
 * The one error a domain throws when it refuses something (issue 17; ADRs 0036, 0037): a code from
 * the table below, words for people, and the form fields they belong next to. The code decides the
 * HTTP status, here and nowhere else. `handleApi` (server/http/api.ts) answers any AppError as
 * `{ error: { code, message, fields } }`; page actions answer it with `formFailure`
 * (app/lib/forms.server.ts). Domains name their own subclasses (CommerceError, GenerationError…)
 * so a caller can still tell whose refusal it is.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong
  code_expired: 400,
  code_invalid: 400,
  image_too_small: 400,
  password_required: 400,
  same_email: 400,
  weak_password: 400,
  wrong_password: 400,
  attachment_mismatch: 400,
  ambiguous_credentials: 400,
  bad_request: 400,
  bad_signature: 400,
  blocked_term: 400,
  doodle_missing: 400,
  empty_body: 400,
  empty_upload: 400,
  image_missing: 400,
  invalid_file_size: 400,
  invalid_idempotency_key: 400,
  invalid_input: 400,
  malformed_form: 400,
  malformed_json: 400,
  mixed_currencies: 400,
  own_artwork: 400,
  own_account: 400,
  source_missing: 400,
  unknown_product: 400,
  // 401: not signed in
  reauthenticate: 401,
  wrong_credentials: 401,
  unauthorized: 401,
  invalid_token: 401,
  // 402: not enough to pay with
  insufficient_tokens: 402,
  payment_required: 402,
  card_declined: 402,
  // 403: not allowed
  account_suspended: 403,
  email_not_verified: 403,
  content_moderation: 403,
  forbidden: 403,
  insufficient_scope: 403,
  // 404: no such thing
  not_found: 404,
  unknown_checkout: 404,
  unknown_code: 404,
  unknown_provider: 404,
  // 405: wrong method
  method_not_allowed: 405,
  // 409: conflicts with the record's state
  built_in: 409,
  email_taken: 409,
  handle_taken: 409,
  moderation_refused: 409,
  no_password: 409,
  already_finished: 409,
  already_member: 409,
  not_member: 409,
  plan_unavailable: 409,
  already_redeemed: 409,
  already_refunded: 409,
  already_reported: 409,
  already_verified: 409,
  below_use: 409,
  closed: 409,
  code_taken: 409,
  discount_refused: 409,
  file_missing: 409,
  no_payment: 409,
  not_finished: 409,
  not_open: 409,
  not_paid: 409,
  payment_processing: 409,
  price_changed: 409,
  product_unavailable: 409,
  request_in_progress: 409,
  too_many_edits: 409,
  too_many_jobs: 409,
  too_many_tokens: 409,
  under_review: 409,
  used_up: 409,
  // 413: too large
  payload_too_large: 413,
  too_large: 413,
  too_many_pixels: 413,
  upload_too_large: 413,
  // 415: not a type we take
  not_an_image: 415,
  unsupported_media_type: 415,
  // 422: well formed but unusable
  corrupt_image: 422,
  explicit_picture: 422,
  mature_picture: 422,
  screening_failed: 422,
  idempotency_key_reused: 422,
  // 429: too often
  code_locked: 429,
  rate_limit_exceeded: 429,
  rate_limited: 429,
  too_many_pending: 429,
  // 500: our fault
  email_failed: 500,
  internal_error: 500,
  // 502: a provider failed
  provider_refused: 502,
  provider_unavailable: 502,
  // 503: off or unavailable for now
  generation_paused: 503,
  no_engine: 503,
  tool_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorDetails {
  /** Messages next to form fields, by field name. */
  fields?: Record<string, string[]>;
  /** Sent with an API answer (Retry-After…). */
  headers?: HeadersInit;
}

export class AppError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  readonly headers?: HeadersInit;

  constructor(
    readonly code: ErrorCode,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
    this.fields = details.fields;
    this.headers = details.headers;
  }
}
