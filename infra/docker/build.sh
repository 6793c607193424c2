#!/usr/bin/env bash
# The build steps of the container images, shared by Dockerfile and verify-build.sh so the
# verified output is the one the images ship.
#   build.sh web <out>      Next.js standalone server + static assets + migrations folder
#   build.sh worker <out>   the bundled worker (one ESM file, no node_modules) + migrations folder
# Run from anywhere after `pnpm install --frozen-lockfile`; <out> is created (must not exist).
set -euo pipefail
component="${1:?usage: build.sh web|worker <out>}"
out="${2:?usage: build.sh web|worker <out>}"
cd "$(dirname "$0")/../.."
[[ -e "$out" ]] && { echo "build.sh: $out exists" >&2; exit 1; }

export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
pnpm db:generate >/dev/null
mkdir -p "$out/prisma"
cp -R prisma/migrations "$out/prisma/migrations" # readiness compares it with _prisma_migrations

case "$component" in
  web)
    # next.config validates the environment: the build needs a syntactically valid URL only.
    DATABASE_URL="postgresql://build@localhost/build" MESHBENCH_MODE=local \
      pnpm --filter @meshbench/web build
    cp -R apps/web/.next/standalone/. "$out/"
    mkdir -p "$out/apps/web/.next"
    cp -R apps/web/.next/static "$out/apps/web/.next/static" # not part of standalone by design
    mkdir -p "$out/apps/web/server" # the front-door preload (see the Dockerfile's CMD)
    cp apps/web/server/front-door.cjs "$out/apps/web/server/"
    if [[ -d apps/web/public ]]; then cp -R apps/web/public "$out/apps/web/public"; fi
    ;;
  worker)
    pnpm --filter @meshbench/worker build
    mkdir -p "$out/apps/worker/dist"
    cp apps/worker/dist/main.js apps/worker/dist/main.js.map "$out/apps/worker/dist/"
    echo '{ "type": "module" }' >"$out/apps/worker/package.json"
    ;;
  *)
    echo "build.sh: unknown component $component" >&2
    exit 2
    ;;
esac
echo "build.sh: $component → $out ($(du -sh "$out" | cut -f1))"
