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
timings=("$(awk -v s=$((SECONDS - started_all)) 'BEGIN { printf "%6.1f min  setup (toolchain, dependencies, Chromium)", s / 60 }')")
layer() {
  local name="$1" started=$SECONDS outcome=passed
  shift
  printf '\n=== %s\n' "$name"
  if "$@"; then passed=$((passed + 1)); else failed+=("$name") && outcome=FAILED; fi
  local minutes
  minutes=$(awk -v s=$((SECONDS - started)) 'BEGIN { printf "%.1f", s / 60 }')
  printf '=== %s: %s in %s min\n' "$name" "$outcome" "$minutes"
  timings+=("$(printf '%6s min  %s (%s)' "$minutes" "$name" "$outcome")")
}

layer "format" pnpm format:check
layer "prisma generate + migration drift check" bash -c 'pnpm db:generate >/dev/null && pnpm db:drift'
layer "lint, typecheck, unit + integration tests" \
  pnpm turbo run lint typecheck test --continue --concurrency=2 --output-logs=errors-only
layer "cluster suite (real kube-apiserver + kwok)" pnpm test:k8s
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
awk -v s=$((SECONDS - started_all)) 'BEGIN { printf "  %6.1f min  all layers\n", s / 60 }'
for name in "${failed[@]}"; do echo "FAILED: $name"; done
echo "layers: $passed passed, ${#failed[@]} failed"
[ "${#failed[@]}" -eq 0 ]
