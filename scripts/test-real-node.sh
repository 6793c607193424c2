#!/usr/bin/env bash
# The real-node layer: builds (or reuses from ~/.cache/meshbench) the cluster binaries and
# images, then runs every *.real-node.test.ts against one shared 2-node cluster with real pods.
# MESHBENCH_SKIP_REAL_NODE=1 skips it explicitly; without root, cgroup v1 or the Debian packages
# the run fails with a message naming what is missing.
#   --repeat N   N whole runs in a row (a fresh cluster each), stopping at the first failure
# Other arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${MESHBENCH_SKIP_REAL_NODE:-}" == 1 ]]; then
  echo "real-node layer: skipped (MESHBENCH_SKIP_REAL_NODE=1)"
  exit 0
fi
repeat=1
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repeat) repeat="${2:?--repeat needs a count}" && shift 2 ;;
    --repeat=*) repeat="${1#--repeat=}" && shift ;;
    *) args+=("$1") && shift ;;
  esac
done
bash infra/testenv/build-binaries.sh >/dev/null
bash infra/testenv/build-real-node.sh >/dev/null
for ((i = 1; i <= repeat; i++)); do
  [[ "$repeat" -gt 1 ]] && echo "=== real-node run $i of $repeat"
  pnpm exec vitest run --config vitest.real-node.config.ts "${args[@]}"
done
