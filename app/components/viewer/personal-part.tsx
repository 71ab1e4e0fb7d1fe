/**
 * The parts of a page that show the signed-in person (ADR 0050). A page on the server's list of
 * pages that look the same to every signed-in person is rendered once for all of them, with a
 * marker where each part goes; for each request the server puts in that person's parts, rendered
 * by `renderPersonalParts` (personal-parts.server.tsx) from the same components, so the browser hydrates exactly what
 * it was sent. Everywhere else (the browser, any page rendered for one person) a part is simply
 * its children.
 */
import { createElement, type ReactNode } from "react";
import { useRootData } from "~/lib/root-data";
import { VIEWER_BLOCK_ID, type Viewer, viewerJson } from "~/lib/viewer";

/** The parts a page may hold; personal-parts.server.tsx renders each for a person. */
export type PartName = "tokens" | "breakdown" | "bell" | "account" | "viewer";

export function PersonalPart({ name, children }: { name: PartName; children: ReactNode }) {
  const user = useRootData()?.user;
  if (import.meta.env.SSR && user && "shared" in user && user.shared)
    return createElement("atelier-part", { "data-part": name });
  return children;
}

/** The person's values for the browser's first render of a page rendered for everyone. */
export function ViewerBlock({ viewer }: { viewer: Viewer }) {
  return (
    <script
      type="application/json"
      id={VIEWER_BLOCK_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, escaped for a script element by viewerJson
      dangerouslySetInnerHTML={{ __html: viewerJson(viewer) }}
    />
  );
}
