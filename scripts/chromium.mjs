/**
 * The Chromium that the end-to-end tests (playwright.config.ts) and the Lighthouse bench drive:
 * Debian's own (no browser download), started with the same flags by both.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Everything but the headless switch, which each tool names its own way. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
