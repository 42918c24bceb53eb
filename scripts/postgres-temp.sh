#!/usr/bin/env bash
# Starts a throw-away PostgreSQL 15 cluster (initdb into a temp folder, pg_ctl on a free port) and
# prints its DATABASE_URL. `--fast` turns durability off (for test suites only). Stop it with: scripts/postgres-temp.sh stop FOLDER
# initdb refuses to run as root, so as root the cluster runs as the `postgres` system user.
set -euo pipefail
BIN=/usr/lib/postgresql/15/bin
if [ "${1:-}" = "stop" ]; then
  dir="$2"
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$BIN/pg_ctl -D '$dir/data' -m fast stop" >/dev/null || true
  else "$BIN/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true; fi
  rm -rf "$dir"
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
