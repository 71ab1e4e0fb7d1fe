/**
 * Sends browser errors to POST /api/error-reports (spec §3 error_report). Bounded: fields are
 * cut, repeated errors are sent once, at most a few per page load, and a failure to report is
 * swallowed — reporting must never break the page.
 */
const MAX_REPORTS_PER_PAGE_LOAD = 10;
const sent = new Set<string>();
let count = 0;

export interface ClientErrorReport {
  error: unknown;
  /** A developer's note on where or why (error_report_by_dev). */
  byDev?: string;
  page?: string;
  fn?: string;
}

export function describeError(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  if (typeof error === "string") return { message: error, stack: null };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: null };
  } catch {
    return { message: String(error), stack: null };
  }
}

export function reportClientError({ error, byDev, page, fn }: ClientErrorReport): void {
  if (typeof window === "undefined") return;
  try {
    const { message, stack } = describeError(error);
    const whatPage = page ?? window.location.pathname + window.location.search;
    const signature = `${message}|${whatPage}|${fn ?? ""}`;
    if (sent.has(signature) || count >= MAX_REPORTS_PER_PAGE_LOAD) return;
    sent.add(signature);
    count += 1;
    const body = JSON.stringify({
      error_report_by_dev: byDev ?? null,
      error_report_by_system: message.slice(0, 2000),
      error_stack_report_by_system: stack?.slice(0, 8000) ?? null,
      what_page: whatPage.slice(0, 2000),
      what_function: fn ?? null,
    });
    void fetch("/api/error-reports", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => {});
  } catch {
    // never let reporting throw
  }
}

export function installGlobalErrorReporting(win: Window = window): void {
  win.addEventListener("error", (event) => {
    reportClientError({ error: event.error ?? event.message, fn: "window.onerror" });
  });
  win.addEventListener("unhandledrejection", (event) => {
    reportClientError({ error: event.reason, fn: "unhandledrejection" });
  });
}
