/**
 * The person's parts of a page rendered once for every signed-in person (ADR 0050), rendered for
 * one person by the same components the page uses, so the browser hydrates exactly what it was
 * sent. Server only: app/entry.server.tsx hands `renderPersonalParts` to server/signed-in-pages.ts.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Viewer } from "~/lib/viewer";
import { BellCount } from "../notifications/bell-count";
import { AccountChip, BalanceBreakdown, TokenCount } from "./header-parts";
import { type PartName, ViewerBlock } from "./personal-part";

/** Each part as the person sees it when the page is first shown (no pending marks, menus shut). */
const PARTS = {
  tokens: (viewer: Viewer) => <TokenCount tokens={viewer.tokens} />,
  breakdown: (viewer: Viewer) => <BalanceBreakdown tokens={viewer.tokens} allowance={viewer.allowance} />,
  bell: (viewer: Viewer) => <BellCount unread={viewer.unreadNotifications} />,
  account: (viewer: Viewer) => <AccountChip name={viewer.name} image={viewer.image} />,
  viewer: (viewer: Viewer) => <ViewerBlock viewer={viewer} />,
} satisfies Record<PartName, (viewer: Viewer) => ReactNode>;

/** Every part's HTML for one person: what the server puts in place of the markers. */
export function renderPersonalParts(viewer: Viewer): Record<string, string> {
  const html: Record<string, string> = {};
  for (const [name, part] of Object.entries(PARTS)) html[name] = renderToString(part(viewer));
  return html;
}
