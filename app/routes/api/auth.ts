import { handleAuthRequest } from "@server/auth/http-guard";
import { getDb } from "@server/db/client";
import { requestInfoContext } from "@server/http/request-context";
import type { Route } from "./+types/auth";

/** /api/auth/*: Better Auth's endpoints (sessions, OAuth callbacks…), behind Atelier's abuse limits. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  handleAuthRequest(getDb(), request, context.get(requestInfoContext).clientIp);
export const action = ({ request, context }: Route.ActionArgs) =>
  handleAuthRequest(getDb(), request, context.get(requestInfoContext).clientIp);
