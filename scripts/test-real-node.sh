#!/usr/bin/env bash
# The real-node layer: builds (or reuses from ~/.cache/meshbench) the cluster binaries and
# images, then runs every *.real-node.test.ts against one shared 2-node cluster with real pods.
# MESHBENCH_SKIP_REAL_NODE=1 skips it explicitly; without root, cgroup v1 or the Debian packages
# the run fails with a message naming what is missing. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${MESHBENCH_SKIP_REAL_NODE:-}" == 1 ]]; then
  echo "real-node layer: skipped (MESHBENCH_SKIP_REAL_NODE=1)"
  exit 0
fi
bash infra/testenv/build-binaries.sh >/dev/null
bash infra/testenv/build-real-node.sh >/dev/null
exec pnpm exec vitest run --config vitest.real-node.config.ts "$@"
