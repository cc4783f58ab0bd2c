#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests, on 127.0.0.1 only, trusting every local connection.
#
#   scripts/pg-cluster.sh start DIR [PORT]   initdb into DIR (made if missing) and start on PORT, or on the
#                                            first free port from 54329 up; prints the port on stdout
#   scripts/pg-cluster.sh stop DIR           stop it (fast) and remove DIR
#   scripts/pg-cluster.sh free-port [FROM]   print the first free TCP port on 127.0.0.1 from FROM (54329)
#
# As root the cluster runs as the user postgres (PostgreSQL refuses to run as root) and DIR is chowned to it;
# as any other user it runs as that user. PG_BIN overrides where the binaries are (/usr/lib/postgresql/15/bin).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

log() { echo "[pg-cluster $(date +%H:%M:%S)] $*" >&2; }
die() { log "error: $*"; exit 1; }

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_in_use() {
  # something accepts connections on it, or a socket lock of another cluster names it
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
  return 1
}

free_port() {
  local port=${1:-54329} last=$(( ${1:-54329} + 200 ))
  while [ "$port" -le "$last" ]; do
    if ! port_in_use "$port"; then echo "$port"; return 0; fi
    port=$((port + 1))
  done
  die "no free port between ${1:-54329} and $last"
}

start() {
  local dir=${1:?usage: pg-cluster.sh start DIR [PORT]} want=${2:-}
  [ -x "$PG_BIN/initdb" ] || die "$PG_BIN/initdb not found: apt-get install -y postgresql-15"
  if [ "$(id -u)" = 0 ]; then id postgres >/dev/null 2>&1 || die "user postgres missing: apt-get install -y postgresql-15"; fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -f "$dir/data/postmaster.pid" ]; then
    log "a cluster is already in $dir: stopping it first"
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  fi
  rm -rf "$dir/data" "$dir/sock"
  mkdir -p "$dir/sock"
  [ "$(id -u)" = 0 ] && chown -R postgres: "$dir"
  log "initdb into $dir/data"
  as_pg "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  # settings for a test database: nothing here must survive a crash
  cat >>"$dir/data/postgresql.conf" <<CONF
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 128MB
CONF
  local port attempt
  for attempt in 1 2 3 4 5; do
    port=${want:-$(free_port 54329)}
    log "starting on 127.0.0.1:$port (attempt $attempt)"
    if as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1" start >/dev/null; then
      echo "$port" >"$dir/port"
      echo "$port"
      return 0
    fi
    tail -n 20 "$dir/server.log" >&2 || true
    [ -n "$want" ] && die "could not start on port $want"
    sleep 1
  done
  die "could not start PostgreSQL"
}

stop() {
  local dir=${1:?usage: pg-cluster.sh stop DIR}
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ]; then
    log "stopping the cluster in $dir"
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m fast -w -t 30 >/dev/null 2>&1 \
      || as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  free-port) shift; free_port "${1:-54329}" ;;
  *) echo "usage: $0 start DIR [PORT] | stop DIR | free-port [FROM]" >&2; exit 2 ;;
esac
