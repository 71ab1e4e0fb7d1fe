import { defineConfig } from "@playwright/test";
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD, e2eDatabaseUrl, E2E_PORT } from "./e2e/support/env";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

// A real OpenID provider (e2e/support/oidc-provider.mjs) for the generic OAuth sign-in tests.
const OIDC_TEST_PORT = Number(process.env.OIDC_TEST_PORT ?? 3299);
const OIDC_TEST_CLIENT = { OIDC_CLIENT_ID: "atelier-e2e", OIDC_CLIENT_SECRET: "atelier-e2e-secret" };

// End-to-end tests drive Debian's Chromium (no browser download) against the production build,
// served on PostgreSQL so tests can set flags, settings and rules directly in the database.
export default defineConfig({
  // The browser walks in e2e/, and the security suite's checks against the served build (tests/security/*.spec.ts).
  testDir: ".",
  testMatch: ["e2e/**/*.spec.ts", "tests/security/**/*.spec.ts"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--headless", ...CHROMIUM_FLAGS],
    },
  },
  webServer: [
    {
      command: "node e2e/support/oidc-provider.mjs",
      url: `http://127.0.0.1:${OIDC_TEST_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_TEST_PORT: String(OIDC_TEST_PORT), E2E_PORT: String(E2E_PORT), ...OIDC_TEST_CLIENT },
    },
    {
      command: "node e2e/support/prepare-database.mjs && node server.mjs",
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(E2E_PORT),
        E2E_PORT: String(E2E_PORT),
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATABASE_URL: e2eDatabaseUrl(),
        LOG_LEVEL: "warn",
        ERROR_REPORTS_PER_MINUTE: "1000",
        // The webhook test's receiver listens on this machine's loopback.
        WEBHOOK_ALLOW_PRIVATE_HOSTS: "true",
        AUTH_SECRET: "e2e-secret-that-is-only-for-tests-0123456789",
        DEMO_ADMIN_PASSWORD,
        DEMO_USER_PASSWORD,
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_TEST_PORT}`,
        ...OIDC_TEST_CLIENT,
        OIDC_NAME: "Test Identity",
      },
    },
  ],
});
