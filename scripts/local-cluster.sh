#!/usr/bin/env bash
# A local 2-node Kubernetes cluster with real pods (containerd + runc, no Docker), for trying the
# worker against real nodes by hand. Needs root. Prints the kubeconfig path on stdout once the
# nodes are Ready; Ctrl-C stops it and removes every namespace, bridge, mount and cgroup it made.
# Binaries are built on the first run (~15 min cold) and cached; see infra/testenv/README.md.
#   KUBECONFIG="$(scripts/local-cluster.sh | head -n1)"   (in another terminal: it keeps running)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
ensure_toolchain >&2
install_dependencies >&2
# tsx directly (not `pnpm exec`), so Ctrl-C reaches the harness, which tears the cluster down.
exec node_modules/.bin/tsx packages/testing/src/real-cluster/cli.ts "$@"
