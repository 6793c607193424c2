#!/usr/bin/env bash
# `pnpm db:new-migration <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
# the SQL that takes the committed migrations to the current schema.prisma (nothing when they
# already match). Uses the Prisma CLI's WASM engine and a shadow database on DATABASE_URL's
# server, or on a throwaway embedded Postgres when DATABASE_URL is unset.
set -euo pipefail
name="${1:?usage: db:new-migration <snake_case_name>}"
[[ "$name" =~ ^[a-z0-9_]+$ ]] || { echo "migration name must be snake_case" >&2; exit 64; }
cd "$(dirname "$0")/.."
dir="../../prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name"
tmp="$(mktemp)"
diff_cmd=(pnpm exec prisma migrate diff --from-migrations ../../prisma/migrations --to-schema-datamodel ../../prisma/schema.prisma --script --output "$tmp")
if [ -n "${DATABASE_URL:-}" ]; then "${diff_cmd[@]}"; else pnpm exec tsx ../local-postgres/src/with-postgres.ts "${diff_cmd[@]}"; fi
if grep -qv '^\s*\(--.*\)\?$' "$tmp"; then
  mkdir -p "$dir" && mv "$tmp" "$dir/migration.sql"
  echo "wrote $dir/migration.sql"
else
  rm -f "$tmp"; echo "schema and migrations already match: no migration written"
fi
