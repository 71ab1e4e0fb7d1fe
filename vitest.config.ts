import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Files tests store (uploads, generated images) go to a scratch folder, never the repo's ./data.
const DATA_DIR = path.join(os.tmpdir(), `atelier-vitest-${process.pid}`);

// Integration tests run twice: on embedded PGlite and on a real PostgreSQL server
// (TEST_POSTGRES_URL, started by scripts/test.sh). Each test file gets its own database.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          env: { DATA_DIR },
          testTimeout: 30_000,
        },
      },
      {
        // The @atelier/studio package's own tests (packages/studio/test/): the offline engine alone.
        extends: true,
        test: {
          name: "studio",
          include: ["packages/studio/test/**/*.test.ts"],
          environment: "node",
          env: { DATA_DIR },
          testTimeout: 30_000,
        },
      },
      {
        // Issue 15's attack suite (tests/security/): pure checks, the route table, and requests to
        // the production build (built by scripts/test.sh first). Embedded PGlite for tests that
        // use tests/support/database.ts; tests that start the server give it its own DATA_DIR.
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          env: { TEST_DATABASE: "pglite", DATA_DIR },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          // Both need a PostgreSQL server: several processes on one database; a move into one.
          exclude: ["tests/integration/multi-process.test.ts", "tests/integration/move-to-postgres.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          env: { TEST_DATABASE: "pglite", DATA_DIR },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/embedded-start.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          env: { TEST_DATABASE: "postgres", DATA_DIR },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
