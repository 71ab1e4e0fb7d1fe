/**
 * /developers: the public API for scripts (issue 31). How to get a token and a first script, then
 * the reference of every endpoint, rendered in the browser by Scalar from /api/v1/openapi.json
 * (its bundle is served by Atelier, /developers/api-reference.js; nothing comes from elsewhere).
 */
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { OPERATIONS } from "@server/api-v1/operations";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/developers";

export function loader() {
  return {
    operations: OPERATIONS.map((op) => ({
      id: op.id,
      method: op.method,
      path: op.path,
      summary: op.summary,
      description: op.description,
      scope: op.scope,
      example: op.example,
      moreExamples: "moreExamples" in op ? op.moreExamples : [],
    })),
  };
}

export const meta = () => [
  { title: "Developers — Atelier API" },
  {
    name: "description",
    content:
      "Atelier's public API: make pictures, poll jobs, download, publish and read your balance from a script with a personal access token. OpenAPI 3.1 description and examples.",
  },
];

const QUICK_START = `# 1. Start a picture (an Idempotency-Key makes a retry safe: it never charges twice)
curl -X POST $ATELIER/api/v1/generations \\
  -H "Authorization: Bearer $ATELIER_TOKEN" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: lighthouse-0001" \\
  -d '{"mode": "text", "prompt": "a lighthouse at dusk", "style": "watercolor"}'

# 2. Poll the job until its status is succeeded, failed or canceled
curl $ATELIER/api/v1/generations/$JOB -H "Authorization: Bearer $ATELIER_TOKEN"

# 3. Download the picture, then publish it
curl -o lighthouse.png $ATELIER/api/v1/generations/$JOB/pictures/0 -H "Authorization: Bearer $ATELIER_TOKEN"
curl -X POST $ATELIER/api/v1/artworks -H "Authorization: Bearer $ATELIER_TOKEN" \\
  -H "Content-Type: application/json" -d '{"jobId": "'$JOB'", "title": "Lighthouse at dusk"}'`;

declare global {
  interface Window {
    Scalar?: { createApiReference(target: string | Element, config: Record<string, unknown>): unknown };
  }
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading>Atelier API</PageHeading>
      <p className="mt-3 max-w-3xl text-ink-soft">
        Make pictures, wait for them, download and publish them, and read your balance from a script, a bot or a plugin
        — everything the Studio does, with the same prices, limits and refunds.
      </p>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_2fr]">
        <section className="rounded-3xl border border-line bg-paper-raised p-6 shadow-sm">
          <SectionHeading className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-5 text-accent" /> Your token
          </SectionHeading>
          <p className="mt-3 text-sm text-ink-soft">
            Make a personal access token on{" "}
            <Link to="/user-profile" className="font-medium text-accent underline-offset-4 hover:underline">
              your profile
            </Link>{" "}
            with the scopes your script needs — <code>generate</code>, <code>read</code>, <code>publish</code> — and
            send it with every request as <code>Authorization: Bearer atl_…</code>. It is shown once; revoke it there at
            any time.
          </p>
          <p className="mt-3 text-sm text-ink-soft">
            The description of every endpoint, for code generators:{" "}
            <a href="/api/v1/openapi.json" className="font-medium text-accent underline-offset-4 hover:underline">
              /api/v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </p>
        </section>
        <section className="min-w-0 rounded-3xl border border-line bg-paper-raised p-6 shadow-sm">
          <SectionHeading>A first script</SectionHeading>
          <CodeBox label="A first script, in shell" code={QUICK_START} />
        </section>
      </div>
      <section className="mt-10" aria-labelledby="endpoints">
        <SectionHeading id="endpoints">Endpoints</SectionHeading>
        <ul className="mt-4 grid grid-cols-1 gap-4">
          {loaderData.operations.map((op) => (
            <li key={op.id} className="min-w-0 rounded-3xl border border-line bg-paper-raised p-5 shadow-sm">
              <article aria-labelledby={`op-${op.id}`}>
                <h3 id={`op-${op.id}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold text-ink">
                  <span className="rounded-md bg-accent-soft px-2 py-0.5 font-mono text-xs text-accent-strong">
                    {op.method}
                  </span>
                  <code className="break-all text-sm">{op.path}</code>
                  <span>{op.summary}</span>
                </h3>
                <p className="mt-2 text-sm text-ink-soft">{op.description}</p>
                {op.scope ? (
                  <p className="mt-1 text-sm text-ink-soft">
                    Needs a token with the <code>{op.scope}</code> scope.
                  </p>
                ) : null}
                <CodeBox label={`Example: ${op.summary}`} code={op.example} />
                {op.moreExamples.map((more) => (
                  <div key={more.label}>
                    <h4 className="mt-4 text-sm font-semibold text-ink">{more.label}</h4>
                    <CodeBox label={more.label} code={more.source} />
                  </div>
                ))}
              </article>
            </li>
          ))}
        </ul>
      </section>
      <ApiReference />
    </div>
  );
}

/** Code to copy: a box that scrolls sideways is a stop for the keyboard, so its arrow keys can scroll it. */
function CodeBox({ label, code }: { label: string; code: string }) {
  return (
    <section
      className="mt-3 overflow-x-auto rounded-2xl bg-ink p-4 focus-visible:outline-2 focus-visible:outline-accent"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
      tabIndex={0}
      aria-label={label}
    >
      <pre className="text-xs leading-relaxed text-paper">
        <code>{code}</code>
      </pre>
    </section>
  );
}

/**
 * Scalar's interactive reference, loaded in the browser when asked for: it is large (3.5 MB), and
 * its own markup has accessibility faults we cannot fix (nested buttons, unnamed buttons, faint
 * text), so the page's own list above is the reference everyone gets first.
 */
function ApiReference() {
  const target = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  const [state, setState] = useState<"closed" | "loading" | "ready" | "failed">("closed");
  useEffect(() => {
    if (state !== "loading") return;
    let cancelled = false;
    const mount = () => {
      if (cancelled || !target.current || !window.Scalar) return;
      window.Scalar.createApiReference(target.current, {
        url: "/api/v1/openapi.json",
        layout: "classic",
        withDefaultFonts: false,
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        hideClientButton: true,
        defaultOpenAllTags: true,
        // Offline and on its own: no toolbar for Scalar's hosted services, no assistant, no telemetry.
        showDeveloperTools: "never",
        agent: { disabled: true },
      });
      setState("ready");
    };
    if (window.Scalar) mount();
    else {
      const script = document.createElement("script");
      script.src = "/developers/api-reference.js";
      if (nonce) script.nonce = nonce;
      script.onload = mount;
      script.onerror = () => !cancelled && setState("failed");
      document.head.appendChild(script);
    }
    return () => {
      cancelled = true;
    };
  }, [nonce, state]);
  return (
    <section className="mt-10" aria-labelledby="interactive-reference">
      <SectionHeading id="interactive-reference">Interactive reference</SectionHeading>
      <p className="mt-2 text-sm text-ink-soft">
        Every request and answer field, rendered from the description by Scalar (served by Atelier, offline).
      </p>
      {state === "closed" ? (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm", className: "mt-3" })}
          onClick={() => setState("loading")}
        >
          Open the interactive reference
        </button>
      ) : null}
      {state === "loading" ? (
        <p role="status" className="text-sm text-ink-soft">
          Loading the reference…
        </p>
      ) : null}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          The reference could not load. The description itself is at /api/v1/openapi.json.
        </p>
      ) : null}
      <div ref={target} data-testid="api-reference" />
    </section>
  );
}
