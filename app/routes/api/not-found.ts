import { jsonError } from "@server/http/api";
import type { Route } from "./+types/not-found";

/** Unknown API addresses answer JSON, not the HTML 404 page. */
function notFound(request: Request) {
  return jsonError(404, "not_found", `No API at ${new URL(request.url).pathname}`);
}

export const loader = ({ request }: Route.LoaderArgs) => notFound(request);
export const action = ({ request }: Route.ActionArgs) => notFound(request);
