import { getAuth } from "@server/auth/auth";
import type { Route } from "./+types/auth";

/** /api/auth/*: Better Auth's endpoints (sign-in, sign-up, sessions…), served through the route table. */
export const loader = ({ request }: Route.LoaderArgs) => getAuth().handler(request);
export const action = ({ request }: Route.ActionArgs) => getAuth().handler(request);
