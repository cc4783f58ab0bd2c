#!/usr/bin/env bash
# Runs the server integration tests against a real PostgreSQL 15 server instead of the embedded database:
# starts a throwaway cluster in a temporary folder, runs `npm run test:server` with TEST_DATABASE_URL pointing
# at it (a migrated template database, then one database per test file), then stops the cluster and removes
# the folder, also when the tests fail or the script is interrupted.
#
#   bash scripts/test-postgres.sh                 every server test
#   bash scripts/test-postgres.sh auth            extra arguments go to vitest (here: files matching "auth")
#
# Needs the PostgreSQL 15 binaries (apt-get install -y postgresql-15). PG_PORT picks the port (default: the
# first free one from 54329 up).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
log() { echo "[test-postgres $(date +%H:%M:%S)] $*"; }

tmp_root=${TMPDIR:-/tmp}

# Folders left by an earlier run that was killed before it could clean up (its server is gone).
for old in "$tmp_root"/dentix-pg.*; do
  [ -d "$old" ] || continue
  [ -n "$(find "$old" -maxdepth 0 -mmin +10 2>/dev/null)" ] || continue
  pid=$(head -n 1 "$old/data/postmaster.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    log "note: a cluster from an earlier run still runs in $old (pid $pid); leaving it alone"
    log "      stop it with: bash scripts/pg-cluster.sh stop $old"
    continue
  fi
  log "removing $old (left by an earlier run)"
  rm -rf "$old"
done

dir=$(mktemp -d "$tmp_root/dentix-pg.XXXXXX")
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  bash scripts/pg-cluster.sh stop "$dir" || true
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(bash scripts/pg-cluster.sh start "$dir" "${PG_PORT:-}")
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
log "PostgreSQL $("/usr/lib/postgresql/15/bin/postgres" --version | awk '{print $3}') is up: TEST_DATABASE_URL=$TEST_DATABASE_URL"
log "npm run test:server $*"
npm run test:server -- "$@"
log "server tests passed on PostgreSQL"
