#!/bin/sh
# One-shot job of docker-compose.yml (temporalio/admin-tools image): creates Temporal's two PostgreSQL
# databases and brings their schemas to the version this admin-tools image ships. Safe to run again:
# existing databases are kept and only missing schema versions are applied (which is also how an upgrade of
# TEMPORAL_VERSION / TEMPORAL_ADMINTOOLS_VERSION migrates the schema).
set -eu

: "${POSTGRES_SEEDS:=postgresql}"
: "${DB_PORT:=5432}"
: "${POSTGRES_USER:=temporal}"
: "${SQL_PASSWORD:?set SQL_PASSWORD to the PostgreSQL password}" # read by temporal-sql-tool
export SQL_PASSWORD
schema_dir="${TEMPORAL_SCHEMA_DIR:-/etc/temporal/schema/postgresql/v12}" # where admin-tools keeps them

sql() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$DB_PORT" -u "$POSTGRES_USER" "$@"
}

# The admin-tools image has nc; deploy/local-cluster.sh runs this on a host that may only have PostgreSQL's
# pg_isready (exit 1: up but not accepting connections yet, which also means the port is open).
port_open() {
  if command -v nc >/dev/null 2>&1; then
    nc -z -w 5 "$POSTGRES_SEEDS" "$DB_PORT"
  else
    pg_isready -q -t 5 -h "$POSTGRES_SEEDS" -p "$DB_PORT" || [ $? -eq 1 ]
  fi
}

echo "waiting for PostgreSQL at $POSTGRES_SEEDS:$DB_PORT ..."
i=0
until port_open; do
  i=$((i + 1))
  if [ "$i" -ge 60 ]; then
    echo "PostgreSQL did not open its port" >&2
    exit 1
  fi
  sleep 2
done

# <database> <schema folder>
setup() {
  echo "database $1: create if missing, then apply the schema versions in $schema_dir/$2/versioned"
  sql --db "$1" create
  sql --db "$1" setup-schema -v 0.0
  sql --db "$1" update-schema -d "$schema_dir/$2/versioned"
}

setup temporal temporal
setup temporal_visibility visibility
echo "Temporal schema is up to date"
