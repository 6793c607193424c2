#!/usr/bin/env bash
# Verifies the images' build without a container engine (none exists on our machines): runs the
# Dockerfile's own steps (build.sh web|worker into temp dirs), then against a fresh embedded
# PostgreSQL 17 (or DATABASE_URL's server, a new database on it):
#   - the standalone web server (node server.js in its output dir, MESHBENCH_MODE=production)
#     answers /api/health/live; /api/health/ready is 503 while migrations are pending
#   - migrate.sh (the migrations image's entrypoint) applies them; ready turns 200
#   - /api/health, /api/metrics (bearer-token guarded) answer; a web started without
#     MESHBENCH_METRICS_TOKEN is never ready and never serves metrics (env validation names it)
#   - the bundled worker (node dist/main.js) answers /healthz, /readyz, /metrics on its ops port
#     and exits 0 on SIGTERM; the web server stops on SIGTERM (Next exits 143 after its cleanup)
# Usage: bash infra/docker/verify-build.sh        (~2 min, most of it `next build`)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"

if [[ -z "${MESHBENCH_VERIFY_DB:-}" ]]; then
  source scripts/lib/toolchain.sh
  ensure_toolchain
  work="$(mktemp -d "${TMPDIR:-/tmp}/mb-verify-build.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "=== build.sh web, build.sh worker (the Dockerfile's steps) → $work"
  bash infra/docker/build.sh web "$work/web"
  bash infra/docker/build.sh worker "$work/worker"
  # Re-run this script with DATABASE_URL pointing at a fresh database (embedded Postgres when unset).
  export MESHBENCH_VERIFY_DB=1 MESHBENCH_VERIFY_OUT="$work"
  if [[ -n "${DATABASE_URL:-}" ]]; then
    name="mb_verify_$(date +%s)"
    pnpm exec tsx -e "import('./packages/local-postgres/src/index.ts').then(async (m) => { console.log(await m.createDatabase(process.env.DATABASE_URL, '$name')) })" >"$work/url"
    DATABASE_URL="$(tail -1 "$work/url")" bash "$0"
  else
    pnpm exec tsx packages/local-postgres/src/with-postgres.ts bash "$0"
  fi
  exit $?
fi

# ---- second stage: DATABASE_URL is a fresh, empty database
out="$MESHBENCH_VERIFY_OUT"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
fail() { echo "verify-build: FAIL: $*" >&2; for f in "$out"/*.log; do echo "--- $f" >&2; tail -30 "$f" >&2; done; exit 1; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
status() { curl -s -o /dev/null -w '%{http_code}' "$@" || true; }
wait_for() { # url [expected-status]
  for _ in $(seq 1 120); do [[ "$(status "$1")" == "${2:-200}" ]] && return 0; sleep 0.5; done
  fail "$1 never answered ${2:-200}"
}

web_port=$(free_port)
ops_port=$(free_port)
metrics_token="verify-build-metrics-token-0123456789"
export MESHBENCH_MODE=production NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
export BETTER_AUTH_SECRET="verify-build-secret-0123456789-0123456789"
export MESHBENCH_ENCRYPTION_KEYS="k1:$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')"

echo "=== web: node server.js (standalone output, production mode) on :$web_port"
(cd "$out/web/apps/web" && PORT=$web_port HOSTNAME=127.0.0.1 MESHBENCH_BASE_URL="http://127.0.0.1:$web_port" \
  MESHBENCH_METRICS_TOKEN="$metrics_token" exec node --require ./server/front-door.cjs server.js) >"$out/web.log" 2>&1 &
web_pid=$!
pids+=("$web_pid")
base="http://127.0.0.1:$web_port"
wait_for "$base/api/health/live"
[[ "$(status "$base/api/health/ready")" == 503 ]] || fail "ready must be 503 before migrations"
curl -s "$base/api/health/ready" | grep -q '"pending' || fail "ready must name the pending migrations"
echo "ok: live 200, ready 503 with pending migrations"

echo "=== migrate.sh (the migrations image's entrypoint)"
bash "$ROOT/infra/docker/migrate.sh" >"$out/migrate.log" 2>&1 || fail "migrate.sh"
grep -q "All migrations have been successfully applied\|No pending migrations" "$out/migrate.log" || fail "migrate.sh output"
wait_for "$base/api/health/ready"
[[ "$(status "$base/api/health")" == 200 ]] || fail "/api/health"
[[ "$(status "$base/api/metrics")" == 401 ]] || fail "/api/metrics without the token must be 401"
curl -sf -H "Authorization: Bearer $metrics_token" "$base/api/metrics" >"$out/web-metrics.txt" || fail "/api/metrics"
for m in meshbench_runs_in_flight meshbench_queue_depth meshbench_trials_completed_total meshbench_ingest_uploads_total; do
  grep -q "^# TYPE $m " "$out/web-metrics.txt" || fail "web metrics lack $m"
done
echo "ok: ready 200 after migrations, /api/health 200, /api/metrics guarded and complete"

echo "=== web without MESHBENCH_METRICS_TOKEN (production): never ready, metrics never open"
bare_port=$(free_port)
(cd "$out/web/apps/web" && PORT=$bare_port HOSTNAME=127.0.0.1 MESHBENCH_BASE_URL="http://127.0.0.1:$bare_port" \
  MESHBENCH_METRICS_TOKEN= exec node --require ./server/front-door.cjs server.js) >"$out/web-no-token.log" 2>&1 &
bare_pid=$!
pids+=("$bare_pid")
wait_for "http://127.0.0.1:$bare_port/api/health/live"
[[ "$(status "http://127.0.0.1:$bare_port/api/metrics")" != 200 ]] || fail "/api/metrics open without a token"
[[ "$(status "http://127.0.0.1:$bare_port/api/health/ready")" != 200 ]] || fail "ready without a metrics token"
grep -q "MESHBENCH_METRICS_TOKEN: production needs" "$out/web-no-token.log" || fail "the refusal does not name MESHBENCH_METRICS_TOKEN"
kill "$bare_pid" 2>/dev/null || true
wait "$bare_pid" 2>/dev/null || true
echo "ok: without the token the production web refuses (env validation names it)"

echo "=== worker: node dist/main.js (bundle, production mode), ops port :$ops_port"
(cd "$out/worker/apps/worker" && MESHBENCH_OPS_PORT=$ops_port MESHBENCH_OPS_HOST=127.0.0.1 \
  exec node --enable-source-maps dist/main.js) >"$out/worker.log" 2>&1 &
worker_pid=$!
pids+=("$worker_pid")
ops="http://127.0.0.1:$ops_port"
wait_for "$ops/healthz"
wait_for "$ops/readyz"
curl -sf "$ops/metrics" | grep -q "^meshbench_runs_in_flight" || fail "worker /metrics"
grep -q '"msg":"started"' "$out/worker.log" || fail "worker log is not JSON lines"
echo "ok: worker /healthz, /readyz, /metrics"

echo "=== SIGTERM"
kill -TERM "$worker_pid"
wait "$worker_pid" || fail "worker exited $? on SIGTERM"
kill -TERM "$web_pid"
# Next's server runs its cleanup on SIGTERM, then exits 143 (128 + SIGTERM) on purpose.
code=0
wait "$web_pid" || code=$?
[[ "$code" == 0 || "$code" == 143 ]] || fail "web exited $code on SIGTERM"
grep -q '"msg":"stopped cleanly"' "$out/worker.log" || fail "worker did not stop cleanly"
pids=()
echo "ok: worker exits 0, web stops on SIGTERM"
echo "verify-build: all checks passed"
