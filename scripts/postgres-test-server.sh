#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a loopback port for the tests, and stops it.
#   source scripts/postgres-test-server.sh; start_test_postgres; ...; stop_test_postgres
# Exports TEST_POSTGRES_URL. Uses Debian's postgresql package (initdb/pg_ctl).

PG_TEST_PORT="${PG_TEST_PORT:-54329}"

find_pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

start_test_postgres() {
  local bin
  bin="$(find_pg_bin)" || { echo "PostgreSQL server binaries not found: apt-get install postgresql" >&2; return 1; }
  PG_TEST_DIR="$(mktemp -d /tmp/atelier-pg-XXXXXX)"
  export PG_TEST_DIR
  # PostgreSQL refuses to run as root: as root, run it as the 'postgres' user the package creates.
  local run=()
  if [ "$(id -u)" = "0" ]; then
    chown postgres:postgres "$PG_TEST_DIR"
    run=(runuser -u postgres --)
  fi
  PG_TEST_RUN=("${run[@]}")
  PG_TEST_BIN="$bin"
  "${run[@]}" "$bin/initdb" -D "$PG_TEST_DIR/data" -U postgres -A trust -E UTF8 --no-locale >"$PG_TEST_DIR/initdb.log" 2>&1 \
    || { cat "$PG_TEST_DIR/initdb.log" >&2; return 1; }
  # Durability off: a test database is thrown away, speed matters more.
  "${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w -t 60 \
    -o "-p $PG_TEST_PORT -c listen_addresses=127.0.0.1 -k $PG_TEST_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$PG_TEST_DIR/server.log" >&2; return 1; }
  export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PG_TEST_PORT/postgres"
  echo "PostgreSQL test server on 127.0.0.1:$PG_TEST_PORT ($("$bin/postgres" --version))"
}

stop_test_postgres() {
  if [ -n "${PG_TEST_DIR:-}" ] && [ -d "$PG_TEST_DIR/data" ]; then
    "${PG_TEST_RUN[@]}" "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_TEST_DIR"
  fi
}
