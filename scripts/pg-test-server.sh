#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 for the server tests and prints its admin URL.
#   scripts/pg-test-server.sh start   -> prints postgres://app@127.0.0.1:PORT/postgres
#   scripts/pg-test-server.sh stop
# initdb refuses to run as root, so the cluster belongs to the postgres user when we are root.
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
DIR="${PG_TEST_DIR:-/tmp/scop-pg-test}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
      as_owner "'$BIN/initdb' -D '$DIR' -U app --auth=trust -E UTF8 >/dev/null"
    fi
    if ! as_owner "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1; then
      as_owner "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $PORT -k '$DIR' -c fsync=off -c synchronous_commit=off -c max_connections=200\" start" >/dev/null
    fi
    echo "postgres://app@127.0.0.1:$PORT/postgres"
    ;;
  status)
    as_owner "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1 && echo running || echo stopped
    ;;
  stop)
    as_owner "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|status|stop" >&2; exit 2 ;;
esac
