import { KeyRound } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { safeRedirectPath } from "~/lib/redirect-target";

/** A provider button, as the login loader lists them (server/auth/oauth.ts, listSignInProviders). */
export interface OAuthProviderButton {
  id: string;
  label: string;
}

/** What /oauth/popup-complete tells the login page. */
export interface OAuthResultMessage {
  type: "atelier:oauth";
  ok: boolean;
  /** The provider's id, when known. */
  provider?: string;
  /** The provider's or Better Auth's error code when ok is false (access_denied…). */
  error?: string;
}

export const OAUTH_MESSAGE_TYPE = "atelier:oauth";
/** Carries the result when the popup lost its opener (a provider page with Cross-Origin-Opener-Policy). */
export const OAUTH_CHANNEL = "atelier:oauth";
/** The sign-in in progress (sessionStorage; a popup starts with a copy of its opener's). */
const PENDING_KEY = "atelier:oauth-pending";

export interface PendingOAuth {
  provider: string;
  redirectTo: string;
  popup: boolean;
}

export function isOAuthResultMessage(value: unknown): value is OAuthResultMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === OAUTH_MESSAGE_TYPE &&
    typeof (value as { ok?: unknown }).ok === "boolean"
  );
}

export function readPendingOAuth(): PendingOAuth | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(PENDING_KEY) ?? "null") as Partial<PendingOAuth> | null;
    if (!value || typeof value.provider !== "string" || typeof value.redirectTo !== "string") return null;
    return {
      provider: value.provider,
      redirectTo: safeRedirectPath(value.redirectTo, "/", window.location.origin),
      popup: value.popup === true,
    };
  } catch {
    return null; // storage disabled, or not ours
  }
}

function savePendingOAuth(pending: PendingOAuth | null) {
  try {
    if (pending) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage disabled: the URLs carry the same information in the common cases
  }
}

/** The sentence people see when a provider sign-in did not work. */
export function oauthErrorMessage(label: string | undefined, code: string): string {
  const name = label ?? "your account provider";
  switch (code) {
    case "account_not_linked":
      return `Sign-in with ${name} failed: an account with this email already exists. Sign in with your password or an email link instead.`;
    case "banned":
      return "This account is suspended. Contact us if you think this is a mistake.";
    case "provider_unavailable":
      return `Sign-in with ${name} is not available. Use your email instead.`;
    case "provider_unreachable":
      return `Sign-in with ${name} is not answering right now. Try again in a moment, or use your email.`;
    default:
      return `Sign-in with ${name} was cancelled or failed. Try again, or use your email.`;
  }
}

export function oauthStartUrl(provider: string, redirectTo: string, popup: boolean): string {
  return `/api/oauth/start?${new URLSearchParams({ provider, ...(popup ? { popup: "1" } : {}), ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;
}

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 650;

function openCentredPopup(url: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return window.open(
    url,
    "atelier-oauth",
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

/**
 * "Continue with …" buttons, one per configured provider (none when there are none). Sign-in
 * runs in a popup; the page reloads on redirectTo once the popup reports success. When the
 * browser blocks the popup, the same sign-in runs in this tab instead.
 */
export function OAuthButtons({ providers, redirectTo }: { providers: OAuthProviderButton[]; redirectTo: string }) {
  const [searchParams] = useSearchParams();
  const [active, setActive] = useState<OAuthProviderButton | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(false);
  const destination = safeRedirectPath(redirectTo, "/");

  const labelOf = useCallback((id: string | undefined) => providers.find((p) => p.id === id)?.label, [providers]);

  // A sign-in that ran in this tab and failed comes back here with ?oauthError= (see the popup-complete page).
  const returnedError = searchParams.get("oauthError");
  const returnedProvider = searchParams.get("provider") ?? undefined;
  useEffect(() => {
    if (returnedError) setError(oauthErrorMessage(labelOf(returnedProvider), returnedError));
  }, [returnedError, returnedProvider, labelOf]);

  const onResult = useCallback(
    (message: OAuthResultMessage) => {
      if (finished.current) return;
      const pending = readPendingOAuth();
      if (message.ok) {
        finished.current = true;
        savePendingOAuth(null);
        // A full load, so the header, the root loader and every cache see the new session.
        window.location.assign(destination);
        return;
      }
      setActive(null);
      setError(
        oauthErrorMessage(labelOf(message.provider ?? active?.id ?? pending?.provider), message.error ?? "failed"),
      );
    },
    [active, destination, labelOf],
  );

  useEffect(() => {
    if (providers.length === 0) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthResultMessage(event.data)) return;
      onResult(event.data);
    };
    window.addEventListener("message", onMessage);
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(OAUTH_CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => isOAuthResultMessage(event.data) && onResult(event.data);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [providers.length, onResult]);

  if (providers.length === 0) return null;

  function start(provider: OAuthProviderButton) {
    setError(null);
    finished.current = false;
    savePendingOAuth({ provider: provider.id, redirectTo: destination, popup: true });
    // Opened in the click itself: browsers block popups opened later.
    const popup = openCentredPopup(oauthStartUrl(provider.id, destination, true));
    if (!popup) {
      // Popups blocked: sign in in this tab; the provider sends the person back to redirectTo.
      savePendingOAuth({ provider: provider.id, redirectTo: destination, popup: false });
      window.location.assign(oauthStartUrl(provider.id, destination, false));
      return;
    }
    setActive(provider);
    popup.focus();
  }

  return (
    <div className="space-y-3">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          onClick={() => start(provider)}
          aria-busy={active?.id === provider.id ? true : undefined}
          className={buttonClass({ variant: "secondary", size: "lg", className: "w-full" })}
        >
          <ProviderMark id={provider.id} />
          Continue with {provider.label}
        </button>
      ))}
      {active ? (
        <p role="status" className="text-center text-sm text-ink-soft">
          Finish signing in with {active.label} in the window that opened.
        </p>
      ) : null}
      <div className="flex items-center gap-3 text-xs text-ink-faint" aria-hidden>
        <span className="h-px flex-1 bg-line" /> or use your email <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  );
}

/** Each provider's mark, drawn inline (no requests to the provider before a click). */
function ProviderMark({ id }: { id: string }) {
  const common = { className: "size-5 shrink-0", viewBox: "0 0 24 24" } as const;
  switch (id) {
    case "google":
      return (
        <svg aria-hidden="true" {...common}>
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z"
          />
          <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1c.9-2.8 3.5-4.9 6.6-4.9Z"
          />
        </svg>
      );
    case "facebook":
      return (
        <svg aria-hidden="true" {...common}>
          <path
            fill="#1877F2"
            d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
          />
        </svg>
      );
    case "twitter":
      return (
        <svg aria-hidden="true" {...common}>
          <path
            fill="currentColor"
            d="M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.9 2.3h7l4.8 6.4 5.5-6.4Zm-1.2 17.9h1.9L7 4.2H5l12 16Z"
          />
        </svg>
      );
    default:
      return <KeyRound aria-hidden className="size-5 shrink-0" />;
  }
}
