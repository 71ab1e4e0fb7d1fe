/**
 * How the HTTP shell asks the app for a page rendered once for every signed-in person of a kind
 * (ADR 0050, server/signed-in-pages.ts): an internal request with no cookies carrying this header,
 * whose value holds a secret made when the process starts. Nobody outside the process knows the
 * secret, so no visitor can ask for such a render (and it would show them nothing of anyone).
 * A kind is admin or member, and the browsing level (issue 40): a render with mature pictures is
 * made for, and kept for, people who opted into them only.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { BrowsingLevel } from "../../app/lib/community-constants";

export const SHARED_VIEWER_HEADER = "x-atelier-shared-viewer";
const SECRET = randomBytes(24).toString("base64url");

export interface SharedViewerKind {
  isAdmin: boolean;
  browsingLevel: BrowsingLevel;
}

export function sharedViewerHeaderValue(kind: SharedViewerKind): string {
  return `${SECRET}:${kind.isAdmin ? "admin" : "member"}:${kind.browsingLevel}`;
}

/** The kind of signed-in person an internal request renders for, or undefined for any other request. */
export function readSharedViewer(req: IncomingMessage): SharedViewerKind | undefined {
  const value = req.headers[SHARED_VIEWER_HEADER];
  if (typeof value !== "string" || req.headers.cookie || req.headers.authorization) return undefined;
  const [secret, kind, level, ...rest] = value.split(":");
  if (secret !== SECRET || (kind !== "admin" && kind !== "member") || rest.length > 0) return undefined;
  if (level !== "general" && level !== "mature") return undefined;
  return { isAdmin: kind === "admin", browsingLevel: level };
}
