#!/usr/bin/env bash
# Starts a throw-away PostgreSQL 15 cluster (initdb into a temp folder, pg_ctl on a free port) and
# prints its DATABASE_URL. `--fast` turns durability off (for test suites only). Stop it with: scripts/postgres-temp.sh stop FOLDER
# `replica FOLDER` adds a streaming replica of that cluster (read-replica tests).
# initdb refuses to run as root, so as root the cluster runs as the `postgres` system user.
set -euo pipefail
BIN=/usr/lib/postgresql/15/bin
if [ "${1:-}" = "halt" ]; then
  # Stops the cluster in folder $2 at once, as a crash would (tests of a replica that dies), keeping the folder.
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$BIN/pg_ctl -D '$2/data' -m immediate stop" >/dev/null
  else "$BIN/pg_ctl" -D "$2/data" -m immediate stop >/dev/null; fi
  exit 0
fi
if [ "${1:-}" = "stop" ]; then
  dir="$2"
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$BIN/pg_ctl -D '$dir/data' -m fast stop" >/dev/null || true
  else "$BIN/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true; fi
  rm -rf "$dir"
  exit 0
fi
if [ "${1:-}" = "replica" ]; then
  # A streaming replica of the cluster in folder $2 (pg_basebackup -R), on a free port; prints its
  # base URL and folder. Stop it with: scripts/postgres-temp.sh stop FOLDER
  primary="$2"
  primary_port=$(sed -n 's/^port = //p' "$primary/data/postgresql.conf" | tail -1)
  dir=$(mktemp -d /tmp/marketplace-pg-replica.XXXXXX)
  chmod 755 "$dir"
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  run() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
  run "$BIN/pg_basebackup -D '$dir/data' -R -X stream -c fast -h 127.0.0.1 -p $primary_port -U postgres >'$dir/basebackup.log' 2>&1"
  printf "port = %s\nunix_socket_directories = '%s'\nhot_standby = on\n" "$port" "$dir" >> "$dir/data/postgresql.conf"
  # Its stderr too: a caller reading this script's output must not wait on the server's copy of it.
  run "$BIN/pg_ctl -D '$dir/data' -l '$dir/server.log' -w start >/dev/null 2>&1"
  echo "REPLICA_URL=postgres://postgres@127.0.0.1:$port"
  echo "REPLICA_DIR=$dir"
  exit 0
fi
if [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL 15 is not installed: run 'apt-get install postgresql-15' (as root)." >&2
  exit 1
fi
dir=$(mktemp -d /tmp/marketplace-pg.XXXXXX)
chmod 755 "$dir"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
run() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
run "$BIN/initdb -D '$dir/data' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1"
# Memory for index builds after bulk loads; durability stays on unless --fast (tests only).
cat >> "$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_wal_size = 4GB
maintenance_work_mem = 1GB
shared_buffers = 1GB
max_connections = 200
CONF
if [ "${1:-}" = "--fast" ]; then
  printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' >> "$dir/data/postgresql.conf"
fi
run "$BIN/pg_ctl -D '$dir/data' -l '$dir/server.log' -w start >/dev/null"
run "$BIN/createdb -h 127.0.0.1 -p $port -U postgres marketplace"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/marketplace"
echo "PG_TEMP_DIR=$dir"
