#!/usr/bin/env bash
# A local 2-node Kubernetes cluster with real pods (containerd + runc, no Docker) beside an app
# that is already running (scripts/demo.sh --no-cluster, or MESHBENCH_URL): registered there as
# cluster `local` with the benchmark `local-a-a` ready to run. Needs Linux, root and Go. Ctrl-C
# stops it and removes every namespace, bridge, mount and cgroup it made. Binaries are built on
# the first run (~15 min cold) and cached; see infra/testenv/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
ensure_toolchain >&2
install_dependencies >&2
# tsx directly (not `pnpm exec`), so Ctrl-C reaches the harness, which tears the cluster down.
exec node_modules/.bin/tsx scripts/local-cluster.ts "$@"
