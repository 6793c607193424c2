#!/usr/bin/env bash
# README command (2): every test layer; exits non-zero on any failure. .ci/run calls it verbatim.
set -euo pipefail
cd "$(dirname "$0")/.."
started_all=$SECONDS
source scripts/lib/toolchain.sh
source scripts/lib/chromium.sh
ensure_toolchain
install_dependencies
ensure_chromium

# Every layer runs even when an earlier one fails, so one run shows every failure; the exit code
# is non-zero if any layer failed.
passed=0
failed=()
# Each layer's output is also kept outside the repo, and a failed layer's failing lines are
# repeated at the very end, so the tail of a CI log says which test failed and why.
logs="${XDG_STATE_HOME:-$HOME/.local/state}/meshbench/test-logs/$(date -u +%Y%m%dT%H%M%SZ)-$$"
mkdir -p "$logs"
n=0
timings=("$(awk -v s=$((SECONDS - started_all)) 'BEGIN { printf "%6.1f min  setup (toolchain, dependencies, Chromium)", s / 60 }')")
layer() {
  local name="$1" started=$SECONDS outcome=passed
  shift
  n=$((n + 1))
  local log="$logs/$n.log"
  printf '\n=== %s\n' "$name"
  if "$@" 2>&1 | tee "$log"; then passed=$((passed + 1)); else failed+=("$n|$name") && outcome=FAILED; fi
  local minutes
  minutes=$(awk -v s=$((SECONDS - started)) 'BEGIN { printf "%.1f", s / 60 }')
  printf '=== %s: %s in %s min\n' "$name" "$outcome" "$minutes"
  timings+=("$(printf '%6s min  %s (%s)' "$minutes" "$name" "$outcome")")
}

# The cluster binaries (Kubernetes, etcd, kwok, helm, kubelet, Fortio, Istio: compiled from the Go
# module proxy, ~40 min on a cold 2-core machine) build in the background while the early layers
# run, at a lower priority (the build scripts nice their go to 10); a layer that needs them waits on
# the build scripts' own locks. With a warm cache this returns at once.
prebuild_log="$logs/prebuild.log"
(bash infra/testenv/build-binaries.sh && bash infra/testenv/build-real-node.sh &&
  bash infra/testenv/build-istio.sh) >"$prebuild_log" 2>&1 &
prebuild=$!

layer "format" pnpm format:check
layer "prisma generate + migration drift check" bash -c 'pnpm db:generate >/dev/null && pnpm db:drift'
layer "lint, typecheck, unit + integration tests" \
  pnpm turbo run lint typecheck test --continue --concurrency=2 --output-logs=errors-only
layer "cluster suite (real kube-apiserver + kwok)" pnpm test:k8s
# The real-node tests measure latency and capacity: nothing may still be compiling beside them.
# (A failed background build is not judged here: the layers run the same scripts and report it.)
started=$SECONDS
wait "$prebuild" || true
timings+=("$(awk -v s=$((SECONDS - started)) 'BEGIN { printf "%6.1f min  waiting for the background build of the cluster binaries", s / 60 }')")
layer "real nodes (2-node cluster with real pods: kubelet, containerd, runc, CNI)" \
  pnpm test:real-node
layer "real mesh (Istio ambient: istiod, istio-cni, ztunnel on a real node; or says why skipped)" \
  pnpm test:real-mesh
layer "production build (standalone web + bundled worker on Postgres, no container engine)" \
  bash infra/docker/verify-build.sh
layer "end-to-end (Playwright, built app, Chromium)" pnpm turbo run test:e2e --output-logs=full
layer "soak (production server, 7,500 mixed requests: no 5xx, uploads stored once, flat memory)" \
  pnpm test:soak
layer "schema fuzzing (schemathesis vs the served OpenAPI document: no 5xx, every response conforms)" \
  pnpm test:fuzz

printf '\nminutes per layer:\n'
printf '  %s\n' "${timings[@]}"
# what the background build did (nothing on a warm machine)
grep -h -E '^\[build-[a-z-]+ [0-9:]+\] (building|done in)' "$prebuild_log" | sed 's/^/  background: /' || true
awk -v s=$((SECONDS - started_all)) 'BEGIN { printf "  %6.1f min  all layers\n", s / 60 }'
for entry in "${failed[@]}"; do
  name="${entry#*|}"
  echo "FAILED: $name (whole output: $logs/${entry%%|*}.log)"
  # vitest/Playwright/prettier failure lines, at most 25 per layer
  # (colours and turbo's "@package:task: " prefix stripped first)
  sed -e 's/\x1b\[[0-9;]*m//g' -e 's/^@[^ ]*:[^ ]*: //' "$logs/${entry%%|*}.log" |
    grep -E '^\s*(FAIL|×|✘) |^\s*[0-9]+\) |^\s*[A-Za-z]*Error: |AssertionError|^\[warn\] |ERR_PNPM|Test timed out' |
    awk '!seen[$0]++' | head -25 | cut -c1-300 | sed 's/^/    /' || true
done
echo "layers: $passed passed, ${#failed[@]} failed"
[ "${#failed[@]}" -eq 0 ]
