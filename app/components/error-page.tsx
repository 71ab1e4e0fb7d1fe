import { ArrowLeft, Home } from "lucide-react";
import { Logo } from "./logo";
import { buttonClass } from "./ui/button";

const TITLES: Record<number, string> = {
  404: "Page Not Found",
  503: "Service Unavailable",
};

const EXPLANATIONS: Record<number, string> = {
  404: "The page you asked for does not exist, or is not open right now.",
  503: "Atelier is not available at this address. Check the address, or try again in a moment.",
};

/** The not-found, unavailable and server-error pages (spec §2, §8), each with a way back. */
export function ErrorPage({ status, message, detail }: { status: number; message?: string; detail?: string }) {
  const title = TITLES[status] ?? "Internal Server Error";
  const explanation =
    EXPLANATIONS[status] ?? "Something went wrong on our side. It has been reported; please try again.";
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line px-4 py-4 sm:px-6">
        {/* A document link: after an error, a fresh page load is the safest way back. */}
        <a href="/" className="inline-flex items-center" aria-label="Atelier home">
          <Logo />
        </a>
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center px-4 py-16 sm:px-6">
        <p className="font-mono text-sm font-medium text-accent">Error {status}</p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {message && message !== title ? (
          <p className="mt-4 break-words text-lg text-ink" data-testid="error-message">
            {message}
          </p>
        ) : null}
        <p className="mt-3 text-ink-soft">{explanation}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="/" className={buttonClass({ variant: "primary", size: "sm" })}>
            <Home aria-hidden className="size-4" /> Back to home
          </a>
          <button
            type="button"
            onClick={() => window.history.back()}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <ArrowLeft aria-hidden className="size-4" /> Go back
          </button>
        </div>
        {detail ? <pre className="mt-8 overflow-x-auto rounded-xl bg-paper-sunken p-4 text-xs">{detail}</pre> : null}
      </main>
    </div>
  );
}
