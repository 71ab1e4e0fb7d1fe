import { openApiDocument } from "@server/api-v1/document";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the public API's OpenAPI 3.1 description, for anyone (no token). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    return json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
  });
}
