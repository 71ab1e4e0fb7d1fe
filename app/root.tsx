import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from "react-router";
import { sessionCookiesMiddleware } from "@server/auth/session-cookies";
import { refusedBodyMiddleware } from "@server/http/refused-body";
import { resourceMethodMiddleware } from "@server/http/resource-method";
import { getPublicConfig } from "@server/config";
import { loadViewer } from "@server/viewer";
import { shellStateContext } from "@server/navigation/check-navigation";
import { navigationMiddleware } from "@server/navigation/middleware";
import { personalPagesMiddleware } from "@server/auth/personal-pages";
import { sharedPagesMiddleware } from "@server/navigation/shared-pages";
import { getBuildInfo } from "@server/ops/build-info";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { PersonalPart, ViewerBlock } from "./components/viewer/personal-part";
import { useViewer } from "./lib/viewer";
import { VersionWatch } from "./components/version-watch";
import { DateSettingsProvider } from "./components/when";
import { localeFromAcceptLanguage } from "./lib/format";
import { reportClientError } from "./lib/error-reporter";
import { useNonce } from "./lib/nonce";
import "./app.css";

/**
 * Navigation checks (spec §2) run on the server before every page's loaders; session cookies go
 * out with every answer; a method an API route does not handle gets a JSON 405; anonymous answers
 * to shared pages may be kept by the micro-cache, and a signed-in answer to a personal page for its
 * person; a form over its size limit gets the error page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  sessionCookiesMiddleware,
  resourceMethodMiddleware,
  sharedPagesMiddleware,
  personalPagesMiddleware,
  navigationMiddleware,
  refusedBodyMiddleware,
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { flags } = context.get(shellStateContext);
  return {
    flags,
    build: getBuildInfo(),
    config: getPublicConfig(),
    // Dates are rendered in the visitor's English and UTC; the browser then moves them to its own zone (ADR 0032).
    locale: localeFromAcceptLanguage(request.headers.get("accept-language")),
    // The header's person and balance; pages that show it too (the profile) read this one rather
    // than ask again. On a page rendered once for every signed-in person it is a stand-in, and the
    // server adds each person's own values to the page for them (app/lib/viewer.ts, ADR 0050).
    user: await loadViewer(request),
  };
}

/** Every navigation reaches the server, so the checks and fresh flags apply to it (spec §2). */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: "Atelier" }];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page Not Found" : status === 503 ? "Service Unavailable" : "Internal Server Error";
  return [{ title: `${title} · Atelier` }];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // Lets tests (and people debugging) tell that the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const viewer = useViewer();
  return (
    <>
      {loaderData.user?.shared && viewer ? (
        <PersonalPart name="viewer">
          <ViewerBlock viewer={viewer} />
        </PersonalPart>
      ) : null}
      <DateSettingsProvider locale={loaderData.locale}>
        <Outlet />
      </DateSettingsProvider>
      <VersionWatch buildId={loaderData.build.id} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isResponse = isRouteErrorResponse(error);
  useEffect(() => {
    // A server error reaches the browser sanitised as "Unexpected Server Error"; the server
    // already stored it (platform 'Server'), so only errors of the browser's own are sent.
    const fromServer = error instanceof Error && error.message === "Unexpected Server Error";
    if (!isResponse && !fromServer) reportClientError({ error, fn: "ErrorBoundary" });
  }, [error, isResponse]);
  if (isResponse) {
    const message =
      typeof error.data === "object" && error.data && "message" in error.data ? String(error.data.message) : undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={500} detail={detail} />;
}
