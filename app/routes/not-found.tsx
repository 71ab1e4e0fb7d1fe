import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** No route matched (spec §8: 'Page not found: {path}'); the root error boundary renders the page. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export function action({ request }: Route.ActionArgs) {
  const { pathname } = new URL(request.url);
  throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found · Atelier" }];

export default function NotFound() {
  return null;
}
