import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data (flags, build, public config); undefined while an error page shows. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
