/** Values every loader, action and middleware can read from React Router's context. */
import { createContext } from "react-router";
import type { Logger } from "../logger";
import type { ShellState } from "../navigation/check-navigation";

export interface RequestInfo {
  /** Also sent back as X-Request-Id and written on every log line of the request. */
  id: string;
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  log: Logger;
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>();

/** Flags, settings and route rules, read once per page request by the root middleware. */
export const shellStateContext = createContext<ShellState>();
