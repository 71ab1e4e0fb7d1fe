import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { fetchLatestBuildId, markPlannedUpgrade, VERSION_CHECK_INTERVAL_MS } from "~/lib/version-watch";
import { CloseButton } from "~/components/ui/close-button";

/**
 * Watches for a new build (spec §4): polls /builds/latest.json every 60 s, and also notices a
 * new build id in the root loader's answer. It never reloads under a user's hands: it offers
 * a "Reload" notice and switches to the new build at the next navigation.
 */
export function VersionWatch({ buildId }: { buildId: string }) {
  const runningBuild = useRef(buildId);
  const [newBuild, setNewBuild] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const location = useLocation();
  const locationAtDetection = useRef<string | null>(null);

  useEffect(() => {
    const timer = window.setInterval(async () => {
      const latest = await fetchLatestBuildId();
      if (latest && latest !== runningBuild.current) setNewBuild(latest);
    }, VERSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (buildId !== runningBuild.current) setNewBuild(buildId);
  }, [buildId]);

  useEffect(() => {
    if (!newBuild) return;
    if (locationAtDetection.current === null) {
      locationAtDetection.current = location.key;
      return;
    }
    if (location.key !== locationAtDetection.current) {
      // The user moved on: load the page they went to from the new build.
      markPlannedUpgrade(window.sessionStorage);
      window.location.reload();
    }
  }, [location.key, newBuild]);

  if (!newBuild || dismissed) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-line bg-paper-raised p-3 pl-4 text-sm shadow-lg sm:inset-x-auto sm:right-4"
    >
      <span className="flex-1">A new version of Atelier is available.</span>
      <button
        type="button"
        onClick={() => {
          markPlannedUpgrade(window.sessionStorage);
          window.location.reload();
        }}
        className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1.5 font-medium text-white hover:bg-accent-strong"
      >
        <RefreshCw aria-hidden className="size-4" /> Reload
      </button>
      <CloseButton label="Dismiss" small onClick={() => setDismissed(true)} />
    </div>
  );
}
