#!/usr/bin/env bash
# Runs every test Atelier has: the lint and format check, typecheck, build, unit tests,
# integration tests on PGlite and on a real PostgreSQL server, and end-to-end tests in Debian's
# Chromium against the production build. Installs what it needs first (npm packages; Chromium,
# PostgreSQL and nginx from Debian when missing and running as root), or says exactly what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
# onnxruntime-node (background removal) ships its CPU binaries; its install script would only fetch CUDA files.
export ONNXRUNTIME_NODE_INSTALL=skip
export npm_config_onnxruntime_node_install_cuda=skip
mkdir -p .tmp

# 1. Operating-system packages.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# The load balancer of the scale-out walk (e2e/scale-out.spec.ts, deploy/nginx/).
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing ${missing[*]} from Debian's packages…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
  else
    echo "Missing system packages. Install them, then run npm test again:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

# 2. npm packages, when missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: this registry setup leaves other platforms' optional packages out of
  # the lock file, which npm ci then reports as "out of sync".
  npm install --no-audit --no-fund
fi

# 3. Lint and format (Biome, ADR 0033), types, and the production build the end-to-end tests run against.
npm run lint
npm run typecheck
npm run build

# 4. A throwaway PostgreSQL server for the integration and end-to-end tests.
# shellcheck source=scripts/postgres-test-server.sh
source scripts/postgres-test-server.sh
trap stop_test_postgres EXIT
start_test_postgres

status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=$?

# 5. Node 24 too: the unit, Studio and embedded-database integration suites once more on the newest
# supported Node, which the npm registry ships as the `node` package (README: supported versions).
if node24="$(npx -y -p node@24 which node 2>/dev/null | tail -1)" && [ -x "$node24" ]; then
  echo "Unit, Studio and integration (PGlite) suites on $("$node24" --version)…"
  "$node24" node_modules/vitest/vitest.mjs run --project unit --project studio --project integration-pglite --reporter=dot || status=$?
else
  echo "Could not fetch Node 24 from the npm registry (npx -p node@24): the Node 24 run did not happen." >&2
  status=1
fi
npx playwright test || status=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json || true
exit $status
