#!/usr/bin/env bash
# Start the newest installed PostgreSQL cluster and give the postgres role a password for TCP logins.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
# A throw-away server for the tests: no crash safety (fsync, full-page writes, waiting for the WAL flush at each
# commit). Every test file creates a database and resets its tables before each test; each of those waited on
# the disk (the PostgreSQL stage took a fifth less time without them, measured on six API files).
conf=/etc/postgresql/$version/main/conf.d/ci-throwaway.conf
mkdir -p "$(dirname "$conf")"
printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' > "$conf"
# Restarted when it already runs, to read that file.
pg_ctlcluster "$version" main stop 2>/dev/null || true
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\""
