#!/usr/bin/env bash
# Prints a kubeconfig for Meshbench's least-privilege ServiceAccount (infra/rbac/meshbench-rbac.yaml)
# on the cluster of the current kubectl context. Upload the output in Meshbench (Clusters → Register).
# Usage: infra/scripts/make-kubeconfig.sh [--context CTX] [--name CLUSTER_NAME] > meshbench.kubeconfig
# `meshbench cluster connect` does the same (and applies the RBAC, rotates, registers) without the repo.
set -euo pipefail
ctx=(); name="meshbench-target"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --context) ctx=(--context "$2"); shift 2 ;;
    --name) name="$2"; shift 2 ;;
    -h | --help) sed -n '2,4p' "$0" | sed 's/^# //' >&2; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
k() { kubectl "${ctx[@]}" "$@"; }
ns=meshbench-system
for _ in $(seq 1 30); do # the token controller fills the Secret asynchronously
  token="$(k -n "$ns" get secret meshbench-token -o jsonpath='{.data.token}' 2>/dev/null || true)"
  [[ -n "$token" ]] && break
  sleep 1
done
[[ -n "${token:-}" ]] || { echo "no token in $ns/meshbench-token: apply infra/rbac/meshbench-rbac.yaml first" >&2; exit 1; }
ca="$(k -n "$ns" get secret meshbench-token -o jsonpath='{.data.ca\.crt}')"
server="$(k config view --minify --raw -o jsonpath='{.clusters[0].cluster.server}')"
cat <<YAML
apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster:
    server: ${server}
    certificate-authority-data: ${ca}
users:
- name: meshbench
  user:
    token: $(printf '%s' "$token" | base64 -d)
contexts:
- name: meshbench@${name}
  context: { cluster: ${name}, user: meshbench }
current-context: meshbench@${name}
YAML
