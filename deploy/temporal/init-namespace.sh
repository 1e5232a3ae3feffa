#!/bin/sh
# One-shot job of docker-compose.yml (temporalio/admin-tools image): once the Temporal server answers, makes
# sure the namespace smi-bench uses exists and has smi-bench's search attributes (all Keyword; the names are
# those of src/temporal/names.ts, given in SMI_SEARCH_ATTRIBUTES). Safe to run again. The smi-bench CLI would
# register missing attributes itself, but only after the fact; doing it here first means every run, even the
# first one, is searchable by them.
set -eu

address="${TEMPORAL_ADDRESS:-temporal:7233}"
namespace="${TEMPORAL_NAMESPACE:-default}"
retention="${SMI_NAMESPACE_RETENTION:-720h}"
attributes="${SMI_SEARCH_ATTRIBUTES:?set SMI_SEARCH_ATTRIBUTES to the names of the Keyword search attributes}"

# As in Temporal's own compose samples: talk to the server by IPv4 address.
host="${address%:*}"
port="${address##*:}"
ip="$(getent ahosts "$host" 2>/dev/null | awk '/STREAM/ && $1 !~ /:/ { print $1; exit }')" || ip=""
if [ -n "$ip" ]; then address="$ip:$port"; fi
export TEMPORAL_ADDRESS="$address"

# retry <attempts> <command ...>: runs the command until it succeeds, 2 s apart.
retry() {
  attempts=$1
  shift
  n=1
  until "$@"; do
    if [ "$n" -ge "$attempts" ]; then return 1; fi
    n=$((n + 1))
    sleep 2
  done
}

quiet() { "$@" >/dev/null 2>&1; }

echo "waiting for the Temporal server at $address ..."
if ! retry 90 quiet temporal operator cluster health; then
  echo "the Temporal server at $address did not become healthy" >&2
  exit 1
fi

if ! quiet temporal operator namespace describe --namespace "$namespace"; then
  echo "creating namespace $namespace (retention $retention)"
  temporal operator namespace create --namespace "$namespace" --retention "$retention" || true
fi
if ! retry 30 quiet temporal operator namespace describe --namespace "$namespace"; then
  echo "namespace $namespace is not available" >&2
  exit 1
fi

ensure_attribute() {
  if temporal operator search-attribute list --namespace "$namespace" | grep -qw "$1"; then
    echo "search attribute $1: present"
  else
    echo "search attribute $1: creating (Keyword)"
    temporal operator search-attribute create --namespace "$namespace" --name "$1" --type Keyword
  fi
}
for name in $attributes; do
  if ! retry 15 ensure_attribute "$name"; then
    echo "could not create search attribute $name" >&2
    exit 1
  fi
done

# The server caches namespaces and search attributes for a few seconds: wait until a query that uses all of
# them is accepted, so a run started right after this job can set them.
query=""
for name in $attributes; do
  query="${query:+$query AND }$name = 'smi-bench-probe'"
done
if ! retry 60 quiet temporal workflow list --namespace "$namespace" --query "$query" --limit 1; then
  echo "the server does not accept the search attributes yet: $query" >&2
  exit 1
fi
echo "namespace $namespace is ready for smi-bench"
