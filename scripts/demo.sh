#!/usr/bin/env bash
# README command (1): from nothing to the app on http://localhost:3000 with the demo data.
# Prepares Node 24 + pnpm when missing, installs dependencies, starts the embedded PostgreSQL 17
# (unless DATABASE_URL is set), migrates, seeds the demo run, builds and starts web + worker.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
ensure_toolchain
install_dependencies
# tsx directly (not `pnpm exec`), so Ctrl-C reaches the orchestrator, which stops web, worker and
# the embedded database.
exec node_modules/.bin/tsx scripts/demo.ts "$@"
