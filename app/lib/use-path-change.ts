import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Runs `effect` whenever the page's path changes (a menu or popover closes on navigation). */
export function usePathChange(effect: () => void): void {
  const { pathname } = useLocation();
  const latest = useRef(effect);
  latest.current = effect;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; the effect reads nothing of it
  useEffect(() => latest.current(), [pathname]);
}
