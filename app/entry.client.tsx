import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./lib/chunk-reload";
import { installGlobalErrorReporting } from "./lib/error-reporter";
import { applyVersionMarker } from "./lib/version-watch";

installGlobalErrorReporting();
installChunkReloadGuard();

// The build this document was rendered by (React Router's manifest version = the server's build id).
const runningBuild = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
  ?.version;
let redirecting = false;
try {
  if (runningBuild) redirecting = applyVersionMarker(runningBuild, window.sessionStorage, window.location);
} catch {
  // sessionStorage may be unavailable; the version marker is then simply not kept.
}

if (!redirecting) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
