#!/usr/bin/env bash
# The real-mesh layer: Istio ambient (istiod, istio-cni, ztunnel) on a 2-node real cluster, and
# every *.real-mesh.test.ts against it. Builds (or reuses from ~/.cache/meshbench) the cluster
# binaries and Istio's (infra/testenv/build-istio.sh: the istio.io/istio module with the shared
# ztunnel in ${MESHBENCH_SHARED_DIR:-../shared}/mesh, or an official release with internet).
# Prints `real-mesh: ran` or `real-mesh: skipped (<reason>)` last. It skips only when this machine
# has neither the shared ztunnel nor internet (or MESHBENCH_SKIP_REAL_MESH=1 /
# MESHBENCH_SKIP_REAL_NODE=1 say so); with the ztunnel there, a failed build or install fails it.
# Arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
skip() {
  echo "real-mesh: skipped ($1)"
  exit 0
}
[[ "${MESHBENCH_SKIP_REAL_MESH:-}" == 1 ]] && skip "MESHBENCH_SKIP_REAL_MESH=1"
[[ "${MESHBENCH_SKIP_REAL_NODE:-}" == 1 ]] && skip "MESHBENCH_SKIP_REAL_NODE=1: no real nodes here"
bash infra/testenv/build-binaries.sh >/dev/null
bash infra/testenv/build-real-node.sh >/dev/null
errors="$(mktemp)"
set +e
bash infra/testenv/build-istio.sh 2>&1 >/dev/null | tee "$errors" >&2
status=${PIPESTATUS[0]}
set -e
reason="$(tail -n 1 "$errors")"
rm -f "$errors"
[[ "$status" == 3 ]] && skip "$reason"
if [[ "$status" != 0 ]]; then
  echo "real-mesh: FAILED building Istio: $reason"
  exit 1
fi
if pnpm exec vitest run --config vitest.real-mesh.config.ts "$@"; then
  echo "real-mesh: ran"
else
  echo "real-mesh: ran, FAILED"
  exit 1
fi
