#!/usr/bin/env bash
# Start the newest installed PostgreSQL cluster and give the postgres role a password for TCP logins.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\""
