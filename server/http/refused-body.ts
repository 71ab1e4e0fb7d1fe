/**
 * A page's body over its limit is not answered by the shell (ADR 0031): the route runs with an
 * empty body and this mark, set by the router adapter from what the shell found and never taken
 * from a client. An upload's form says so beside its file field (api.ts `readFormData`); any other
 * form gets the site's error page with a sentence (the root middleware below), instead of a bare
 * refusal that a browser shows as a dead end.
 */
import { data, type MiddlewareFunction } from "react-router";

export const BODY_REFUSED_HEADER = "x-atelier-body-refused";

export interface RefusedBody {
  kind: "form" | "upload";
  /** The limit the body went over, in bytes. */
  limit: number;
}

export function formatRefusedBody(refused: RefusedBody): string {
  return `${refused.kind}:${refused.limit}`;
}

export function refusedBodyOf(request: Request): RefusedBody | null {
  const match = /^(form|upload):(\d+)$/.exec(request.headers.get(BODY_REFUSED_HEADER) ?? "");
  return match ? { kind: match[1] as RefusedBody["kind"], limit: Number(match[2]) } : null;
}

export function megabytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

export const refusedBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const refused = refusedBodyOf(request);
  if (refused?.kind === "form") {
    throw data(
      {
        message: `That form sent more than ${megabytes(refused.limit)}, the most Atelier takes from one form. Shorten what you entered and send it again.`,
      },
      { status: 413 },
    );
  }
  return next();
};
