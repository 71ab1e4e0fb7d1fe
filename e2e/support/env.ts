export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** One database per port, so two runs on one machine (different E2E_PORT) never share data. */
export const E2E_DATABASE = `atelier_e2e_${E2E_PORT}`;

/** The end-to-end database on the PostgreSQL server that `npm test` starts. */
export function e2eDatabaseUrl(): string {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base)
    throw new Error(
      "TEST_POSTGRES_URL is not set: run the end-to-end tests through `npm test`, which starts PostgreSQL.",
    );
  const url = new URL(base);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}

/** Passwords of the demo accounts the end-to-end server seeds. */
export const DEMO_ADMIN_PASSWORD = "e2e-admin-password";
export const DEMO_USER_PASSWORD = "e2e-user-password";
