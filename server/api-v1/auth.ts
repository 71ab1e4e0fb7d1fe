/**
 * Who a request to /api/v1 speaks for: the holder of its bearer token (server/api-tokens/tokens.ts),
 * with the scope the operation needs, within the token's rate limit. Only /api/v1 calls this; pages
 * and Better Auth's routes never read the Authorization header. A request that also carries a
 * session cookie is refused: a token must never ride along with a browser's session, and a cookie
 * must never reach the API without the same-origin check the browser routes have.
 */
import { type ApiScope, API_SCOPE_LABELS } from "~/lib/api-tokens";
import { getDb } from "../db/client";
import { authenticateApiToken, type TokenHolder } from "../api-tokens/tokens";
import { ApiError, enforceRateLimit } from "../http/api";
import { AppError } from "../app-error";

/** Requests per token per minute, whatever they are (a generation's own limits come on top). */
export const TOKEN_REQUESTS_PER_MINUTE = 300;
const CHALLENGE = 'Bearer realm="Atelier API"';

export async function requireApiToken(request: Request, scope: ApiScope): Promise<TokenHolder> {
  const authorization = request.headers.get("authorization");
  const cookie = request.headers.get("cookie") ?? "";
  if (/session_token=/.test(cookie))
    throw new ApiError(
      "ambiguous_credentials",
      "The API takes an access token, not a browser session: send the request without cookies.",
    );
  const match = /^Bearer +([^\s]+)\s*$/i.exec(authorization ?? "");
  if (!match)
    throw new ApiError(
      "invalid_token",
      "Send a personal access token: Authorization: Bearer atl_… (make one on your profile).",
      { headers: { "WWW-Authenticate": CHALLENGE } },
    );
  const db = getDb();
  let holder: TokenHolder;
  try {
    holder = await authenticateApiToken(db, match[1]!);
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid_token")
      throw new ApiError("invalid_token", error.message, {
        headers: { "WWW-Authenticate": `${CHALLENGE}, error="invalid_token"` },
      });
    throw error;
  }
  await enforceRateLimit(
    db,
    `api-token:${holder.tokenId}`,
    { limit: TOKEN_REQUESTS_PER_MINUTE, windowMs: 60_000 },
    `This token made over ${TOKEN_REQUESTS_PER_MINUTE} requests in a minute. Wait a little and slow down.`,
  );
  if (!holder.scopes.includes(scope))
    throw new ApiError(
      "insufficient_scope",
      `This token may not do this: it needs the "${scope}" scope (${API_SCOPE_LABELS[scope].split(":")[0]}). Make a token with it on your profile.`,
      { headers: { "WWW-Authenticate": `${CHALLENGE}, error="insufficient_scope", scope="${scope}"` } },
    );
  return holder;
}
