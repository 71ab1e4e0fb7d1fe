/** Values every loader, action and middleware can read from React Router's context. */
import type { BrowsingLevel } from "../../app/lib/community-constants";
import { AsyncLocalStorage } from "node:async_hooks";
import { createContext } from "react-router";
import type { Logger } from "../logger";

export interface RequestInfo {
  /** Also sent back as X-Request-Id and written on every log line of the request. */
  id: string;
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  log: Logger;
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>();

/**
 * What one request keeps for itself wherever its code runs, even where only the Request is at
 * hand (React Router hands loaders a copy of the Request, so it cannot be the key): the session
 * reads (server/auth/guards.ts) and the cookies they want sent. The HTTP shell opens one per
 * request; code run outside a request (jobs, tests) has none and reads without keeping.
 */
export interface RequestScope {
  sessionReads: Map<string, Promise<unknown>>;
  cookiesToSend: string[];
  /** Where the visitor is (scheme and Host as received): links in the emails this request sends point there when it is ours. */
  origin?: string;
  /**
   * The page is being rendered once for every signed-in person of this kind (ADR 0050): the
   * session is a stand-in with no one's data (server/auth/guards.ts, server/signed-in-pages.ts).
   */
  sharedViewer?: { isAdmin: boolean; browsingLevel: BrowsingLevel };
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
