#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL (README "Scaling out: read replicas") for the
# integration files run against a replica (tests/vitest.config.ts, integration-replica) and for
# .ci/run: a second cluster copied with pg_basebackup and kept current by streaming replication, on
# 127.0.0.1:$PG_REPLICA_PORT.
#
#   testkit/pg-replica.sh [start|stop]
#
# start is idempotent and quiet when a replica of this primary already runs. One that does not run is
# copied afresh (about a second), so a copy left from an earlier run never waits for WAL the primary
# has recycled. No replication slot: a replica abandoned on a test machine must not make the primary
# keep its WAL for ever.
set -euo pipefail

primary_port=${PG_PRIMARY_PORT:-5432}
port=${PG_REPLICA_PORT:-5433}
dir=${PG_REPLICA_DIR:-/var/tmp/charchat-pg-replica}
bin=${PG_BIN:-$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin | sort -V | tail -n 1)}
data=$dir/data

primary() { psql -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -Atqc "$1"; }
replica() { psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc "$1"; }
# PostgreSQL refuses to run as root: as root, its commands run as the postgres user, who owns $dir.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop() {
  if [ -f "$data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
  fi
}

case "${1:-start}" in
  stop) stop; exit 0 ;;
  start) ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac

if pg_isready -h 127.0.0.1 -p "$port" -q; then
  system_id='select system_identifier from pg_control_system()'
  if [ "$(replica 'select pg_is_in_recovery()')" = t ] &&
    [ "$(replica "$system_id")" = "$(primary "$system_id")" ]; then
    exit 0
  fi
  echo "127.0.0.1:$port answers but is no replica of 127.0.0.1:$primary_port; set PG_REPLICA_PORT" >&2
  exit 1
fi

# The primary streams WAL to replicas with wal_level replica (Debian's default) and a pg_hba.conf
# line admitting replication connections, which Debian's lacks: add one for this machine, reload.
if [ "$(primary 'show wal_level')" = minimal ]; then
  echo "The primary has wal_level=minimal; set wal_level=replica and restart it" >&2
  exit 1
fi
admitted="select count(*) from pg_hba_file_rules
  where 'replication' = any(database) and address = '127.0.0.1'"
if [ "$(primary "$admitted")" = 0 ]; then
  echo "Admitting replication connections from 127.0.0.1 to the primary"
  echo 'host replication all 127.0.0.1/32 trust' >>"$(primary 'show hba_file')"
  primary 'select pg_reload_conf()' >/dev/null
  sleep 1 # the postmaster rereads the file after the call returns
fi

echo "Starting a streaming replica of 127.0.0.1:$primary_port on 127.0.0.1:$port ($dir)"
stop 2>/dev/null || true # a copy still starting up, or one that never finished
rm -rf "$dir"
mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" \
  -R -X stream -c fast
# Debian keeps the primary's configuration outside its data directory, so the copy has none. A hot
# standby needs these settings at least as large as the primary's.
{
  echo "listen_addresses = '127.0.0.1'"
  echo "port = $port"
  echo "unix_socket_directories = '$dir'"
  for name in max_connections max_worker_processes max_wal_senders max_prepared_transactions \
    max_locks_per_transaction; do
    echo "$name = $(primary "show $name")"
  done
} | as_owner tee "$data/postgresql.conf" >/dev/null
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' |
  as_owner tee "$data/pg_hba.conf" >/dev/null
as_owner touch "$data/pg_ident.conf"
as_owner "$bin/pg_ctl" -D "$data" -l "$dir/replica.log" -w start >/dev/null
