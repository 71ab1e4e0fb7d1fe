/**
 * Every URL of the route table (app/routes.ts), with a made-up value for each parameter: the
 * security suites walk it, so a new route is tried as soon as it is added.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

export const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** A creator every seeded database has (server/seed.ts), so creator pages are walked as they are met. */
export const SOME_HANDLE = "demo-creator";

/** Values for named parameters; any other is SOME_ID. */
const PARAMETERS: Record<string, string> = { handle: SOME_HANDLE, people: "followers" };

function collectPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [here || "/"] : [];
    return [...own, ...collectPaths(entry.children ?? [], here)];
  });
}

export function routeTablePaths(): string[] {
  return [...new Set(collectPaths(routes as RouteConfigEntry[]))].map((path) =>
    path.replace(/:([A-Za-z]+)\??/g, (_, name: string) => PARAMETERS[name] ?? SOME_ID).replace(/\*/g, "x"),
  );
}
