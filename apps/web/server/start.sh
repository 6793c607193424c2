#!/usr/bin/env bash
# `pnpm --filter @meshbench/web start`: the production build the way it ships (infra/docker), i.e.
# Next's standalone server behind the front-door preload — `next start` does not serve an
# `output: "standalone"` build (it warns so). Next leaves the static assets out of the standalone
# folder by design; they are copied in here, as infra/docker/build.sh does for the image.
# PORT (default 3000) picks the port; it listens on every interface, as `next start` does.
set -euo pipefail
cd "$(dirname "$0")/.."
standalone=.next/standalone/apps/web
if [[ ! -f $standalone/server.js ]]; then
  echo "apps/web: no standalone build in .next/standalone; run pnpm build first" >&2
  exit 1
fi
# Merged, not replaced: another server started from this build may be serving them already.
mkdir -p "$standalone/.next/static"
cp -R .next/static/. "$standalone/.next/static/"
if [[ -d public ]]; then
  mkdir -p "$standalone/public"
  cp -R public/. "$standalone/public/"
fi
export PORT="${PORT:-3000}" HOSTNAME=0.0.0.0 NODE_ENV=production
exec node --require ./server/front-door.cjs "$standalone/server.js"
