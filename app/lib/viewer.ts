/**
 * The signed-in person as the header shows them: name, picture, admin or not, balance, unread
 * notifications. Usually it is the root loader's `user`. On a page the server rendered once for
 * every signed-in person (ADR 0050), the root loader's `user` is only a stand-in for the class
 * (signed in, admin or not) and the person's own values come in a JSON block the server adds to
 * that page for them: read it through this hook, never from the root data directly.
 */
import { useRootData } from "./root-data";

export interface Viewer {
  name: string;
  image: string | null;
  isAdmin: boolean;
  unreadNotifications: number;
  tokens: number;
  /**
   * The part of `tokens` that is a membership's allowance (issue 41): how much, when it ends (ISO
   * text), and the plan it comes with. Absent for everyone without an allowance.
   */
  allowance?: { tokens: number; endsAt: string | null; plan: string | null };
  /** The ids of the people they hid, when any (issue 30): lists leave their works out. */
  hidden?: string[];
}

/** What a page rendered for every signed-in person holds where a part of the person goes; the server replaces it. */
export const PART_MARKER = /<atelier-part data-part="([a-z]+)"><\/atelier-part>/g;

/** The id of the JSON block that carries the person's values on a page rendered for everyone. */
export const VIEWER_BLOCK_ID = "atelier-viewer";

let lastBlock: { text: string; viewer: Viewer } | undefined;

function readViewerBlock(): Viewer | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(VIEWER_BLOCK_ID)?.textContent;
  if (!text) return undefined;
  if (lastBlock?.text !== text) {
    try {
      lastBlock = { text, viewer: JSON.parse(text) as Viewer };
    } catch {
      return undefined;
    }
  }
  return lastBlock.viewer;
}

/** The signed-in person, or null for a visitor (or while an error page shows). */
export function useViewer(): Viewer | null {
  const user = useRootData()?.user ?? null;
  if (!user || !("shared" in user && user.shared)) return user;
  return readViewerBlock() ?? user;
}

/** JSON that is safe inside a <script> element: no "</script>", no line separators JavaScript dislikes. */
export function viewerJson(viewer: Viewer): string {
  const { name, image, isAdmin, unreadNotifications, tokens, allowance, hidden } = viewer;
  return JSON.stringify({
    name,
    image,
    isAdmin,
    unreadNotifications,
    tokens,
    ...(allowance ? { allowance } : {}),
    ...(hidden ? { hidden } : {}),
  })
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
