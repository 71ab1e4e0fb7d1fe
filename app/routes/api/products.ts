import { listShopProducts } from "@server/commerce/products";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/products";

/** GET /api/products: the token packs on sale, in the shop's order. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    return json({ products: await listShopProducts(getDb()) });
  });
}
