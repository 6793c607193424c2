#!/usr/bin/env bash
# Entrypoint of the migrations image (the chart's pre-install/pre-upgrade Job): applies the
# committed migrations through packages/db/prisma.config.ts (WASM schema engine, no binary).
# Needs DATABASE_URL. Idempotent: an up-to-date database is left alone.
set -euo pipefail
cd "$(dirname "$0")/../../packages/db"
: "${DATABASE_URL:?DATABASE_URL must be set}"
export CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
exec node node_modules/prisma/build/index.js migrate deploy --config prisma.config.ts
