#!/usr/bin/env bash
# A local Redis Cluster of 3 masters and 3 replicas (README "Scaling out: Redis Cluster") for the
# integration files run against a cluster (tests/vitest.config.ts, integration-cluster) and for
# .ci/run: Debian's redis-server in cluster mode on 127.0.0.1:$REDIS_CLUSTER_PORT and the five ports
# after it, its node files in $REDIS_CLUSTER_DIR.
#
#   testkit/redis-cluster.sh [start|stop]
#
# start is idempotent and quiet when all six nodes run and the cluster is ok. A node that stopped (the
# failover test kills a master; a machine's session ending stops all six) is started again, empty, from
# its node file, and rejoins. Failing that, or when a node holds a slot open, every node is started
# afresh with empty data (the cluster holds only test keys) and the cluster created again.
set -euo pipefail

first=${REDIS_CLUSTER_PORT:-7001}
dir=${REDIS_CLUSTER_DIR:-/var/tmp/charchat-redis-cluster}
ports=$(seq "$first" $((first + 5)))

cli() { redis-cli -h 127.0.0.1 -p "$1" "${@:2}"; }
is_ok() { cli "$1" cluster info 2>/dev/null | grep -q '^cluster_state:ok'; }
# A master is ready for a failover only with a replica that is online and in sync: without one, killing
# it (the failover test) leaves its slots down and every command to them waiting.
has_replica() {
  local replication
  replication=$(cli "$1" info replication 2>/dev/null) || return 1
  grep -q '^role:slave' <<<"$replication" && return 0
  grep -q '^connected_slaves:1' <<<"$replication" && grep -q '^slave0:.*state=online' <<<"$replication"
}
# A node that started with keys of slots it does not serve (verifyClusterConfigWithData) holds them
# "importing" from their owner, and then refuses that owner's replica taking them over in a failover: it
# calls the cluster down. No slot of a healthy cluster here is open.
has_open_slots() { cli "$1" cluster nodes 2>/dev/null | grep -q -- '-[<>]-'; }
all_ok() {
  for port in $ports; do
    is_ok "$port" && has_replica "$port" && ! has_open_slots "$port" || return 1
  done
}
stop() {
  for port in $ports; do cli "$port" shutdown nosave >/dev/null 2>&1 || true; done
}
node() {
  # A replica takes over a master that has not answered for cluster-node-timeout ms; README
  # "Scaling out: Redis Cluster" states the recovery time this gives. A node starts empty: a replica
  # keeps the data of its last full sync in its own file (never one shared by all six, which a node
  # started later loaded as its own, keys of another master's slots and all), and that file goes before
  # a start, so a node started again learns everything from its master.
  rm -f "$dir/dump-$1.rdb"
  redis-server --port "$1" --bind 127.0.0.1 --daemonize yes --save "" --appendonly no \
    --dbfilename "dump-$1.rdb" \
    --cluster-enabled yes --cluster-config-file "$dir/nodes-$1.conf" \
    --cluster-node-timeout 2000 --dir "$dir" --logfile "$dir/redis-$1.log" \
    --pidfile "$dir/redis-$1.pid"
}

case "${1:-start}" in
  stop) stop; exit 0 ;;
  start) ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac

all_ok && exit 0

if [ -f "$dir/create.log" ]; then
  for port in $ports; do
    if ! cli "$port" ping >/dev/null 2>&1 && [ -f "$dir/nodes-$port.conf" ]; then
      echo "Restarting Redis Cluster node 127.0.0.1:$port"
      node "$port"
    fi
  done
  for _ in $(seq 1 100); do all_ok && exit 0; sleep 0.1; done
fi

echo "Starting a Redis Cluster of 3 masters and 3 replicas on 127.0.0.1:$first-$((first + 5)) ($dir)"
stop
for port in $ports; do
  for _ in $(seq 1 50); do cli "$port" ping >/dev/null 2>&1 || break; sleep 0.1; done
done
rm -rf "$dir"
mkdir -p "$dir"
for port in $ports; do node "$port"; done
for port in $ports; do
  for _ in $(seq 1 50); do cli "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
done
# shellcheck disable=SC2046 # one argument per node
redis-cli --cluster create $(for port in $ports; do printf '127.0.0.1:%s ' "$port"; done) \
  --cluster-replicas 1 --cluster-yes >"$dir/create.log"
for port in $ports; do
  for _ in $(seq 1 100); do is_ok "$port" && break; sleep 0.1; done
  is_ok "$port" || { echo "127.0.0.1:$port: the cluster is not ok; see $dir" >&2; exit 1; }
done
