/**
 * The parts of a page that show the signed-in person (ADR 0050). A page on the server's list of
 * pages that look the same to every signed-in person is rendered once for all of them, with a
 * marker where each part goes; for each request the server puts in that person's parts, rendered
 * by `renderPersonalParts` below from the same components, so the browser hydrates exactly what
 * it was sent. Everywhere else (the browser, any page rendered for one person) a part is simply
 * its children.
 */
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { useRootData } from "~/lib/root-data";
import { VIEWER_BLOCK_ID, type Viewer, viewerJson } from "~/lib/viewer";
import { AccountChip, TokenCount } from "./header-parts";
import { BellCount } from "../notifications/bell-count";

/** Each part as the person sees it when the page is first shown (no pending marks, menus shut). */
const PARTS = {
  tokens: (viewer: Viewer) => <TokenCount tokens={viewer.tokens} />,
  bell: (viewer: Viewer) => <BellCount unread={viewer.unreadNotifications} />,
  account: (viewer: Viewer) => <AccountChip name={viewer.name} image={viewer.image} />,
  viewer: (viewer: Viewer) => <ViewerBlock viewer={viewer} />,
} satisfies Record<string, (viewer: Viewer) => ReactNode>;

export type PartName = keyof typeof PARTS;

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

/** Every part's HTML for one person: what the server puts in place of the markers. */
export function renderPersonalParts(viewer: Viewer): Record<string, string> {
  const html: Record<string, string> = {};
  for (const [name, part] of Object.entries(PARTS)) html[name] = renderToString(part(viewer));
  return html;
}
