#!/usr/bin/env bash
# The topology of docker-compose.yml on one machine, without Docker: PostgreSQL, the Temporal server built
# from its Go module (not the dev server), the compose file's own init scripts (deploy/temporal/*.sh) for
# the schema, the namespace and the search attributes, the Temporal Web UI built from its Go module, and N
# `smi-bench worker` processes, each with its own working directory and SMI_HOME as if it ran on a host of
# its own. See docs/team.md ("Without Docker").
#
#   deploy/local-cluster.sh up [--workers N]   start what is not running (idempotent)
#   deploy/local-cluster.sh status             what runs, where, and whether the server is healthy
#   deploy/local-cluster.sh env                the exports a shell needs to use the cluster
#   deploy/local-cluster.sh down [--volumes]   stop everything; --volumes also deletes the database
#   deploy/local-cluster.sh add-worker | stop-worker N [--kill] | restart-server | restart-postgres
#
# Settings, as in docker-compose.yml (shell or .env next to this project's docker-compose.yml):
#   TEMPORAL_NAMESPACE (default), SMI_NAMESPACE_RETENTION (720h), TEMPORAL_PORT (7233; the server's other
#   ports are derived from it), TEMPORAL_DB_PASSWORD (temporal), TEMPORAL_VERSION (1.29.1),
#   TEMPORAL_LOG_LEVEL (warn), TEMPORAL_UI_PORT (8080), TEMPORAL_UI_VERSION (2.45.1), SMI_PUBLISH_IP
#   (127.0.0.1, where the UI listens), SMI_WORKERS (1), SMI_LLM_CONCURRENCY, SMI_IO_CONCURRENCY, the model
#   settings.
# Only here: SMI_CLUSTER_DIR (state, default .smi-cluster in the project), SMI_CLUSTER_POSTGRES_PORT
#   (55432), SMI_CLUSTER_SERVER_DIR (the built server and its schema; default under SMI_CLUSTER_DIR; the
#   built UI goes beside it), SMI_CLUSTER_UI (1; 0 starts no UI), SMI_POSTGRES_BIN_DIR (PostgreSQL's
#   programs; found in /usr/lib/postgresql otherwise).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -f "$root/.env" ]; then
  set -a
  # shellcheck disable=SC1091
  . "$root/.env"
  set +a
fi

namespace="${TEMPORAL_NAMESPACE:-default}"
retention="${SMI_NAMESPACE_RETENTION:-720h}"
port="${TEMPORAL_PORT:-7233}"
db_password="${TEMPORAL_DB_PASSWORD:-temporal}"
temporal_version="${TEMPORAL_VERSION:-1.29.1}"
log_level="${TEMPORAL_LOG_LEVEL:-warn}"
pg_port="${SMI_CLUSTER_POSTGRES_PORT:-55432}"
state="${SMI_CLUSTER_DIR:-$root/.smi-cluster}"
server_dir="${SMI_CLUSTER_SERVER_DIR:-$state/temporal-server-$temporal_version}"
ui_version="${TEMPORAL_UI_VERSION:-2.45.1}"
ui_dir="$(dirname "$server_dir")/temporal-ui-$ui_version"
ui_port="${TEMPORAL_UI_PORT:-8080}"
ui_ip="${SMI_PUBLISH_IP:-127.0.0.1}"
address="127.0.0.1:$port"
# The membership ports (TEMPORAL_PORT - 300 and up) are stored as a smallint in PostgreSQL.
case "$port" in
  '' | *[!0-9]*) echo "local-cluster: TEMPORAL_PORT must be a number" >&2 && exit 1 ;;
esac
if [ "$port" -lt 1324 ] || [ "$port" -gt 33000 ]; then
  echo "local-cluster: TEMPORAL_PORT must be between 1324 and 33000 (its service ports lie 300 below it)" >&2
  exit 1
fi

run_dir="$state/run"
log_dir="$state/logs"
pg_data="$state/postgresql/data"
pg_socket_dir="$state/postgresql/socket"

die() {
  echo "local-cluster: $*" >&2
  exit 1
}
say() { echo "local-cluster: $*" >&2; }

# ---- processes ---------------------------------------------------------------------------------------

# Alive and not a zombie: a process whose parent (this script) has exited is reaped by init, which in
# some containers never happens.
alive() {
  kill -0 "$1" 2>/dev/null || return 1
  [ ! -r "/proc/$1/stat" ] || [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" != Z ]
}

pid_of() { # <name>: the pid in run/<name>.pid if that process is alive
  local file="$run_dir/$1.pid" pid
  [ -f "$file" ] || return 1
  pid="$(cat "$file")"
  [ -n "$pid" ] && alive "$pid" && echo "$pid"
}

start_background() { # <name> <log file> <command ...>: a session of its own, so stop kills its children
  local name=$1 log=$2
  shift 2
  setsid "$@" >>"$log" 2>&1 </dev/null &
  echo $! >"$run_dir/$name.pid"
}

stop_process() { # <name> <signal>: signals the process group and waits up to 30 s for it to go
  local name=$1 signal=$2 pid i
  pid="$(pid_of "$name")" || {
    rm -f "$run_dir/$name.pid"
    return 0
  }
  kill "-$signal" -- "-$pid" 2>/dev/null || kill "-$signal" "$pid" 2>/dev/null || true
  for i in $(seq 1 300); do
    alive "$pid" || break
    [ "$i" -eq 300 ] && kill -KILL -- "-$pid" 2>/dev/null
    sleep 0.1
  done
  # Whatever else is left in its process group (a worker's child processes) goes too.
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$run_dir/$name.pid"
}

wait_ready() { # <name> <seconds> <check command> <what>: until the check passes, while the process lives
  local name=$1 seconds=$2 check=$3 what=$4 i
  for i in $(seq 1 "$seconds"); do
    "$check" && return 0
    pid_of "$name" >/dev/null ||
      die "$what exited; the end of $log_dir/$name.log: $(tail -n 5 "$log_dir/$name.log")"
    sleep 1
  done
  die "$what was not ready in $seconds s; see $log_dir/$name.log"
}

worker_names() {
  local file
  for file in "$run_dir"/worker-*.pid; do
    [ -e "$file" ] || continue
    basename "$file" .pid
  done | sort -t- -k2 -n
}

# ---- PostgreSQL --------------------------------------------------------------------------------------

postgres_bin_dir() {
  if [ -n "${SMI_POSTGRES_BIN_DIR:-}" ]; then
    echo "$SMI_POSTGRES_BIN_DIR"
  elif command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
  else
    find /usr/lib/postgresql -maxdepth 3 -name pg_ctl -path '*/bin/*' 2>/dev/null | sort -V | tail -n 1 |
      xargs -r dirname
  fi
}

ensure_postgres_installed() {
  [ -n "$(postgres_bin_dir)" ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing PostgreSQL from the Debian packages ..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 ||
      { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
  fi
  [ -n "$(postgres_bin_dir)" ] ||
    die "PostgreSQL is not installed (need initdb and pg_ctl): install it (Debian: apt-get install postgresql) or set SMI_POSTGRES_BIN_DIR"
}

# PostgreSQL refuses to run as root: as root, its files belong to the `postgres` user and it runs as that.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "running as root, but there is no 'postgres' user to run PostgreSQL as"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

pg_ctl_cmd() { as_postgres "$(postgres_bin_dir)/pg_ctl" -D "$pg_data" "$@"; }

postgres_running() { [ -f "$pg_data/postmaster.pid" ] && pg_ctl_cmd status >/dev/null 2>&1; }

init_postgres() {
  [ -f "$pg_data/PG_VERSION" ] && return 0
  say "creating the PostgreSQL database cluster in $pg_data"
  mkdir -p "$pg_data" "$pg_socket_dir"
  local pwfile="$state/postgresql/pwfile"
  printf '%s\n' "$db_password" >"$pwfile"
  if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres: "$state/postgresql"
    as_postgres test -x "$state/postgresql" ||
      die "the postgres user cannot reach $state; set SMI_CLUSTER_DIR to a folder it can enter"
  fi
  chmod 700 "$pg_data"
  # The user `temporal` with a password, as the compose file's postgres image sets up; local connections
  # need the password too.
  as_postgres "$(postgres_bin_dir)/initdb" -D "$pg_data" -U temporal --pwfile="$pwfile" \
    --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$log_dir/initdb.log" 2>&1 ||
    die "initdb failed; see $log_dir/initdb.log"
  rm -f "$pwfile"
}

start_postgres() {
  postgres_running && return 0
  say "starting PostgreSQL on 127.0.0.1:$pg_port"
  touch "$log_dir/postgresql.log"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$log_dir/postgresql.log"
  pg_ctl_cmd -l "$log_dir/postgresql.log" -w -t 60 \
    -o "-p $pg_port -k $pg_socket_dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null ||
    die "PostgreSQL did not start; see $log_dir/postgresql.log"
}

stop_postgres() {
  postgres_running || return 0
  pg_ctl_cmd -m fast -w -t 60 stop >/dev/null
}

# ---- the Temporal server -----------------------------------------------------------------------------

# Built once per version with `go install` (the Go module proxy is all that is needed); the schema files
# come from the same module, so schema and server always match.
ensure_server_built() {
  [ -x "$server_dir/bin/temporal-server" ] && [ -x "$server_dir/bin/temporal-sql-tool" ] &&
    [ -d "$server_dir/schema/postgresql/v12" ] && return 0
  command -v go >/dev/null 2>&1 ||
    die "building the Temporal server needs Go (https://go.dev/dl), or set SMI_CLUSTER_SERVER_DIR to a folder with bin/temporal-server, bin/temporal-sql-tool and schema/"
  say "building the Temporal server $temporal_version from its Go module (a few minutes the first time) ..."
  mkdir -p "$server_dir/bin"
  local module="go.temporal.io/server@v$temporal_version"
  GOBIN="$server_dir/bin" GOFLAGS=-mod=mod go install "go.temporal.io/server/cmd/server@v$temporal_version" \
    "go.temporal.io/server/cmd/tools/sql@v$temporal_version" >&2
  mv -f "$server_dir/bin/server" "$server_dir/bin/temporal-server"
  mv -f "$server_dir/bin/sql" "$server_dir/bin/temporal-sql-tool"
  local source
  source="$(go mod download -json "$module" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [ -d "$source/schema/postgresql/v12" ] || die "no PostgreSQL schema in $source"
  rm -rf "$server_dir/schema"
  mkdir -p "$server_dir/schema/postgresql"
  cp -R "$source/schema/postgresql/v12" "$server_dir/schema/postgresql/"
  chmod -R u+w "$server_dir/schema"
}

# The ports of the server's services, derived from TEMPORAL_PORT as Temporal's own development
# configuration lays them out around 7233.
write_server_config() {
  mkdir -p "$state/server/config"
  cat >"$state/server/config/smi-cluster.yaml" <<EOF
# Written by deploy/local-cluster.sh; changes are overwritten at the next start.
log:
  stdout: true
  level: $log_level
persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: 4
  datastores:
    postgres-default:
      sql:
        pluginName: postgres12
        databaseName: temporal
        connectAddr: 127.0.0.1:$pg_port
        connectProtocol: tcp
        user: temporal
        password: "$db_password"
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
    postgres-visibility:
      sql:
        pluginName: postgres12
        databaseName: temporal_visibility
        connectAddr: 127.0.0.1:$pg_port
        connectProtocol: tcp
        user: temporal
        password: "$db_password"
        maxConns: 10
        maxIdleConns: 10
        maxConnLifetime: 1h
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
services:
  frontend:
    rpc: { grpcPort: $port, membershipPort: $((port - 300)), httpPort: $((port + 10)), bindOnLocalHost: true }
  history:
    rpc: { grpcPort: $((port + 1)), membershipPort: $((port - 299)), bindOnLocalHost: true }
  matching:
    rpc: { grpcPort: $((port + 2)), membershipPort: $((port - 298)), bindOnLocalHost: true }
  worker:
    rpc: { grpcPort: $((port + 6)), membershipPort: $((port - 294)), bindOnLocalHost: true }
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: $address
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: $root/deploy/temporal/dynamicconfig/smi-bench.yaml
  pollInterval: 60s
EOF
}

temporal_cli() {
  [ -x "$root/.tools/bin/temporal" ] || bash "$root/scripts/install-temporal.sh"
  "$root/.tools/bin/temporal" "$@"
}

server_healthy() { temporal_cli operator cluster health --address "$address" >/dev/null 2>&1; }

start_server() {
  pid_of temporal-server >/dev/null && return 0
  write_server_config
  say "starting the Temporal server $temporal_version on $address"
  start_background temporal-server "$log_dir/temporal-server.log" \
    "$server_dir/bin/temporal-server" --root "$state/server" --config config --env smi-cluster \
    --allow-no-auth start
  wait_ready temporal-server 120 server_healthy "the Temporal server"
}

# The compose file's one-shot jobs, run as they are. Their tools: temporal-sql-tool from the server build,
# the temporal CLI from .tools, and pg_isready where the admin-tools image has nc.
setup_schema() {
  say "schema: deploy/temporal/setup-schema.sh"
  PATH="$server_dir/bin:$(postgres_bin_dir):$PATH" POSTGRES_SEEDS=127.0.0.1 DB_PORT="$pg_port" \
    POSTGRES_USER=temporal SQL_PASSWORD="$db_password" TEMPORAL_SCHEMA_DIR="$server_dir/schema/postgresql/v12" \
    sh "$root/deploy/temporal/setup-schema.sh" >>"$log_dir/setup-schema.log" 2>&1 ||
    die "setting up the schema failed; see $log_dir/setup-schema.log"
}

# The search attribute names are those the compose file gives its init job, so both stay one list.
search_attributes() {
  sed -n 's/^[[:space:]]*SMI_SEARCH_ATTRIBUTES:[[:space:]]*//p' "$root/docker-compose.yml" | head -n 1
}

init_namespace() {
  say "namespace $namespace: deploy/temporal/init-namespace.sh"
  temporal_cli --version >/dev/null
  PATH="$root/.tools/bin:$PATH" TEMPORAL_ADDRESS="$address" TEMPORAL_NAMESPACE="$namespace" \
    SMI_NAMESPACE_RETENTION="$retention" SMI_SEARCH_ATTRIBUTES="$(search_attributes)" \
    sh "$root/deploy/temporal/init-namespace.sh" >>"$log_dir/init-namespace.log" 2>&1 ||
    die "setting up the namespace failed; see $log_dir/init-namespace.log"
}

# ---- the Web UI --------------------------------------------------------------------------------------

ui_wanted() { [ "${SMI_CLUSTER_UI:-1}" != 0 ]; }

# The UI server's Go module carries the built web assets, so it builds like the server.
ensure_ui_built() {
  [ -x "$ui_dir/bin/temporal-ui-server" ] && return 0
  say "building the Temporal Web UI $ui_version from its Go module ..."
  mkdir -p "$ui_dir/bin"
  GOBIN="$ui_dir/bin" GOFLAGS=-mod=mod go install "github.com/temporalio/ui-server/v2/cmd/server@v$ui_version" >&2 ||
    die "could not build the Web UI $ui_version (set TEMPORAL_UI_VERSION to one on the Go module proxy, or SMI_CLUSTER_UI=0)"
  mv -f "$ui_dir/bin/server" "$ui_dir/bin/temporal-ui-server"
}

ui_answers() { curl -fsS -o /dev/null "http://$ui_ip:$ui_port/" 2>/dev/null; }

start_ui() {
  pid_of temporal-ui >/dev/null && return 0
  mkdir -p "$state/ui/config"
  cat >"$state/ui/config/smi-cluster.yaml" <<UI_CONFIG
# Written by deploy/local-cluster.sh; changes are overwritten at the next start.
temporalGrpcAddress: $address
host: $ui_ip
port: $ui_port
enableUi: true
defaultNamespace: $namespace
notifyOnNewVersion: false
refreshInterval: 0s
cors:
  cookieInsecure: true
  unsafeAllowAllOrigins: false
UI_CONFIG
  say "starting the Web UI on http://$ui_ip:$ui_port"
  start_background temporal-ui "$log_dir/temporal-ui.log" \
    "$ui_dir/bin/temporal-ui-server" --root "$state/ui" --config config --env smi-cluster start
  wait_ready temporal-ui 30 ui_answers "the Web UI"
}

# ---- workers -----------------------------------------------------------------------------------------

ensure_built() {
  [ -f "$root/dist/src/client.js" ] && return 0
  say "building smi-bench (npm run build) ..."
  (cd "$root" && npm run build >&2)
}

add_worker() {
  local n=1 name home
  while [ -e "$state/workers/$n" ]; do n=$((n + 1)); done
  name="worker-$n"
  home="$state/workers/$n"
  mkdir -p "$home/smi-home"
  say "starting $name (working directory $home)"
  (cd "$home" && start_background "$name" "$log_dir/$name.log" env TEMPORAL_ADDRESS="$address" \
    TEMPORAL_NAMESPACE="$namespace" SMI_HOME="$home/smi-home" node "$root/bin/smi-bench.js" worker)
  echo "$name"
}

running_workers() {
  local name count=0
  for name in $(worker_names); do pid_of "$name" >/dev/null && count=$((count + 1)); done
  echo "$count"
}

# ---- commands ----------------------------------------------------------------------------------------

cmd_up() {
  local workers="${SMI_WORKERS:-1}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --workers) workers="${2:?--workers needs a number}"; shift 2 ;;
      *) die "up: unknown option $1" ;;
    esac
  done
  mkdir -p "$run_dir" "$log_dir" "$state/workers"
  ensure_postgres_installed
  ensure_server_built
  if ui_wanted; then ensure_ui_built; fi
  ensure_built
  init_postgres
  start_postgres
  setup_schema
  start_server
  init_namespace
  if ui_wanted; then start_ui; fi
  local have
  have="$(running_workers)"
  while [ "$have" -lt "$workers" ]; do
    add_worker >/dev/null
    have=$((have + 1))
  done
  say "up: Temporal at $address (namespace $namespace), $workers worker(s); state in $state"
  say "use it with: eval \"\$(deploy/local-cluster.sh env)\""
  if ui_wanted; then say "Web UI: http://$ui_ip:$ui_port"; fi
}

cmd_down() {
  local volumes=false
  [ "${1:-}" = "--volumes" ] && volumes=true
  local name
  for name in $(worker_names); do stop_process "$name" TERM; done
  stop_process temporal-ui TERM
  stop_process temporal-server TERM
  [ -d "$pg_data" ] && [ -n "$(postgres_bin_dir)" ] && stop_postgres
  if $volumes; then
    rm -rf "$state/postgresql" "$state/workers" "$state/server" "$state/ui" "$log_dir" "$run_dir"
    say "down: stopped, and the database deleted"
  else
    say "down: stopped (the database stays in $state/postgresql)"
  fi
}

cmd_status() {
  local name pid ok=0
  if [ -d "$pg_data" ] && postgres_running; then
    echo "postgresql       running   127.0.0.1:$pg_port"
  else
    echo "postgresql       stopped"
    ok=1
  fi
  if pid="$(pid_of temporal-server)"; then
    if server_healthy; then
      echo "temporal-server  running   $address (pid $pid, healthy, namespace $namespace)"
    else
      echo "temporal-server  running   $address (pid $pid, not answering)"
      ok=1
    fi
  else
    echo "temporal-server  stopped"
    ok=1
  fi
  if pid="$(pid_of temporal-ui)"; then
    echo "temporal-ui      running   http://$ui_ip:$ui_port (pid $pid)"
  elif ui_wanted; then
    echo "temporal-ui      stopped"
    ok=1
  fi
  for name in $(worker_names); do
    if pid="$(pid_of "$name")"; then
      printf '%-16s running   pid %s\n' "$name" "$pid"
    else
      printf '%-16s stopped\n' "$name"
    fi
  done
  return $ok
}

cmd_env() {
  echo "export TEMPORAL_ADDRESS=$address"
  echo "export TEMPORAL_NAMESPACE=$namespace"
  if ui_wanted; then echo "export SMI_TEMPORAL_UI_URL=http://$ui_ip:$ui_port"; fi
}

cmd_stop_worker() {
  local n="${1:?stop-worker needs a worker number}" signal=TERM
  [ "${2:-}" = "--kill" ] && signal=KILL
  pid_of "worker-$n" >/dev/null || die "worker-$n is not running"
  stop_process "worker-$n" "$signal"
}

cmd_restart_server() {
  stop_process temporal-server TERM
  start_server
}

cmd_restart_postgres() {
  stop_postgres
  start_postgres
}

command="${1:-}"
[ $# -gt 0 ] && shift
# Only the commands that start something make the state folder; asking about a cluster leaves no trace.
case "$command" in
  add-worker | restart-server | restart-postgres) mkdir -p "$run_dir" "$log_dir" ;;
esac
case "$command" in
  up) cmd_up "$@" ;;
  down) cmd_down "$@" ;;
  status) cmd_status ;;
  env) cmd_env ;;
  add-worker) add_worker ;;
  stop-worker) cmd_stop_worker "$@" ;;
  restart-server) cmd_restart_server ;;
  restart-postgres) cmd_restart_postgres ;;
  *)
    sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    [ -z "$command" ] || [ "$command" = help ] || [ "$command" = --help ] || exit 2
    ;;
esac
