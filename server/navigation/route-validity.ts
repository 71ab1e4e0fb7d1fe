/**
 * Per-route validity checks (spec §2 check 1, §5): a route whose check fails answers 404.
 * Keyed by the route's pattern as written in app/routes.ts.
 */
import type { FeatureFlags, FlagKey } from "../content/feature-flags";

/** Pages that exist only while their event flag is on (spec §9). */
export const EVENT_ROUTES: Readonly<Record<string, FlagKey>> = {
  "/pre-registration-event": "pre_registration",
  "/ai/christmas-event/ai-text-to-art": "christmas_event",
  "/ai/christmas-event/ai-image-to-art": "christmas_event",
  "/ai/christmas-event/ai-doodle-to-art": "christmas_event",
  "/community/christmas-event/list": "christmas_event",
};

export type RouteValidator = (args: { url: URL; flags: FeatureFlags }) => boolean;

/** Extra validators later issues add (for example a well-formed `?id=` on detail pages). */
const validators: Record<string, RouteValidator> = {};

export function isRouteValid(pattern: string, url: URL, flags: FeatureFlags): boolean {
  const flag = EVENT_ROUTES[pattern];
  if (flag && !flags[flag]) return false;
  const validate = validators[pattern];
  return validate ? validate({ url, flags }) : true;
}
