#!/usr/bin/env sh
# Generates a migration from the Drizzle schema, then drops drizzle-kit's "public". qualifier so that
# migrations run in whatever schema the connection's search_path names (tests use a schema each).
set -e
cd "$(dirname "$0")/.."
npx drizzle-kit generate "$@"
sed -i 's/"public"\.//g' src/db/migrations/*.sql
