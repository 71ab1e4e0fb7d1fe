import { requireUserForApi } from "@server/auth/guards";
import { getCart, mergeCart, saveCart } from "@server/commerce/cart";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { z } from "zod";
import { cartItems } from "~/lib/commerce";
import type { Route } from "./+types/cart";

/** GET /api/cart: the signed-in user's cart ({ items }). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json({ items: await getCart(getDb(), user.userUid) });
  });
}

const cartBody = z.object({ items: cartItems, merge: z.boolean().optional().default(false) });

/**
 * PUT /api/cart { items }: replaces the cart. PUT { items, merge: true }: adds a visitor's cart
 * (kept in local storage before signing in) to the account's. Answers the cart as kept: packs no
 * longer sold drop out.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const user = await requireUserForApi(request);
    const { items, merge } = parseWith(cartBody, (await readJson(request)).value);
    const db = getDb();
    return json({ items: merge ? await mergeCart(db, user.userUid, items) : await saveCart(db, user.userUid, items) });
  });
}
