import { getUser } from "@server/auth/guards";
import { listSignInProviders } from "@server/auth/oauth";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import {
  OAUTH_CHANNEL,
  OAUTH_MESSAGE_TYPE,
  type OAuthResultMessage,
  oauthErrorMessage,
  readPendingOAuth,
} from "~/components/auth/oauth-buttons";
import { buttonClass } from "~/components/ui/button";
import { safeRedirectPath } from "~/lib/redirect-target";
import type { Route } from "./+types/oauth-popup-complete";

export const meta: Route.MetaFunction = () => [
  { title: "Signing in · Atelier" },
  { name: "robots", content: "noindex" },
];

/**
 * Where a provider sign-in ends: Better Auth's callback has set the session (or sent an error
 * code here). In a popup, the page tells the login page that opened it and closes; in a tab
 * (no opener), it moves on to redirectTo, or back to the login page with the error.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const providerId = url.searchParams.get("provider") ?? "";
  const signedIn = (await getUser(request)) !== null;
  const error = url.searchParams.get("error") || (signedIn ? null : "not_signed_in");
  return {
    ok: error === null,
    error,
    provider: listSignInProviders().find((p) => p.id === providerId) ?? null,
    // Absent when Better Auth's own error address brought the person here: the browser remembers them.
    redirectTo: url.searchParams.has("redirectTo")
      ? safeRedirectPath(url.searchParams.get("redirectTo"), "/", url.origin)
      : null,
    popup: url.searchParams.get("popup") === "1" ? true : url.searchParams.has("provider") ? false : null,
  };
}

export default function OAuthPopupComplete({ loaderData }: Route.ComponentProps) {
  const { ok, error, provider } = loaderData;
  const [stranded, setStranded] = useState(false);
  const [redirectTo, setRedirectTo] = useState(loaderData.redirectTo ?? "/");

  useEffect(() => {
    const pending = readPendingOAuth();
    const destination = loaderData.redirectTo ?? pending?.redirectTo ?? "/";
    setRedirectTo(destination);
    const popup = loaderData.popup ?? pending?.popup ?? false;
    const providerId = provider?.id ?? pending?.provider;
    const message: OAuthResultMessage = {
      type: OAUTH_MESSAGE_TYPE,
      ok,
      ...(providerId ? { provider: providerId } : {}),
      ...(error ? { error } : {}),
    };
    const opener = window.opener as Window | null;

    if (popup || (opener && loaderData.popup !== false)) {
      if (opener && !opener.closed) {
        // Only a page of this origin may read it.
        opener.postMessage(message, window.location.origin);
      } else if (typeof BroadcastChannel === "function") {
        // The provider's pages cut this popup off from its opener: reach the login page this way.
        const channel = new BroadcastChannel(OAUTH_CHANNEL);
        channel.postMessage(message);
        channel.close();
      }
      window.close();
      // Still here: the browser would not let this window close itself. Carry on in it.
      const timer = window.setTimeout(() => (ok ? window.location.replace(destination) : setStranded(true)), 1000);
      return () => window.clearTimeout(timer);
    }

    if (ok) {
      window.location.replace(destination);
    } else {
      const params = new URLSearchParams({
        oauthError: error ?? "failed",
        ...(providerId ? { provider: providerId } : {}),
      });
      if (destination !== "/") params.set("redirectTo", destination);
      window.location.replace(`/login?${params}`);
    }
    return undefined;
  }, [ok, error, provider, loaderData.redirectTo, loaderData.popup]);

  return (
    <AuthShell title={ok ? "Signing you in…" : "Sign-in did not finish"}>
      <div className="space-y-5">
        {ok ? (
          <p role="status" className="text-ink-soft">
            One moment: taking you back to Atelier.
          </p>
        ) : (
          <p role="alert" className="text-ink-soft">
            {oauthErrorMessage(provider?.label, error ?? "failed")}
          </p>
        )}
        {stranded ? <p className="text-sm text-ink-soft">You can close this window.</p> : null}
        <Link
          reloadDocument
          to={ok ? redirectTo : "/login"}
          className={buttonClass({ variant: "secondary", className: "w-full" })}
        >
          {ok ? "Continue" : "Back to sign in"}
        </Link>
      </div>
    </AuthShell>
  );
}
