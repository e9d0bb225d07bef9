#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 for the server tests and prints its admin URL.
#   scripts/pg-test-server.sh start   -> prints postgres://app@127.0.0.1:PORT/postgres
#   scripts/pg-test-server.sh stop
# initdb refuses to run as root, so the cluster belongs to the postgres user when we are root.
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
# Each PostgreSQL test app gets a copy of a template database of about 2,000 files (a table and its
# indexes are files of their own). On a disk, creating and removing them took the server about 1.5 s
# of processor time per copy (ext4 on a virtual disk); in memory about 0.1 s. The cluster is thrown
# away, so it lives in /dev/shm where that is a tmpfs with room (a container's 64 MB /dev/shm has none).
memory_dir() {
  [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ] || return 1
  [ "$(df -Pk /dev/shm | awk 'NR==2 {print $4}')" -ge $((4 * 1024 * 1024)) ] || return 1
  echo /dev/shm/scop-pg-test
}
DIR="${PG_TEST_DIR:-$(memory_dir || echo /tmp/scop-pg-test)}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
# A cluster already answering on the port (started by another checkout, or from another folder before
# the default moved) is used as it is, and left running.
answering() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" >/dev/null 2>&1; }

as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    if answering; then
      echo "postgres://app@127.0.0.1:$PORT/postgres"
      exit 0
    fi
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
    { as_owner "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1 || answering; } && echo running || echo stopped
    ;;
  stop)
    as_owner "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|status|stop" >&2; exit 2 ;;
esac
