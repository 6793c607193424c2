#!/usr/bin/env bash
# Fetches the real CRD definitions per-variant mesh manifests are validated against, so the
# apiserver test environment refuses a bad waypoint Gateway or PeerAuthentication exactly as a
# cluster with Istio would:
#   - Gateway API (waypoints are `Gateway` objects): the Go module sigs.k8s.io/gateway-api,
#     config/crd/standard/*.yaml
#   - Istio's CRDs (PeerAuthentication, Telemetry, AuthorizationPolicy, …): the Go module
#     istio.io/api, kubernetes/customresourcedefinitions.gen.yaml
# Both come from the Go module proxy (`go mod download`, no build; ~1 s warm), copied into a
# cache keyed by versions, apart from build-binaries.sh's (whose key must not change: a rebuild
# costs ~20 min):
#   ${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}/crds/<key>/{gateway-api,istio}/
# Idempotent; the entry appears whole (temp dir + rename). The last stdout line is the dir.
set -euo pipefail

GATEWAY_API_VERSION=v1.2.1 # the Gateway API Istio 1.24 is built against
ISTIO_API_VERSION=v1.24.2

KEY="gateway-api-${GATEWAY_API_VERSION}_istio-api-${ISTIO_API_VERSION}"
CACHE_ROOT="${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}"
mkdir -p "$CACHE_ROOT/crds"
DEST="$(cd "$CACHE_ROOT/crds" && pwd -P)/$KEY"

if [[ -d "$DEST/gateway-api" && -s "$DEST/istio/customresourcedefinitions.gen.yaml" ]]; then
  echo "$DEST"
  exit 0
fi

command -v go >/dev/null || {
  echo "fetch-crds.sh: 'go' not found in PATH" >&2
  exit 1
}

# The module's directory in the module cache (downloads it first if needed).
module_dir() {
  local json dir
  json="$(cd "$(mktemp -d)" && GOFLAGS=-mod=mod go mod download -json "$1")"
  dir="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -d "$dir" ]] || {
    echo "fetch-crds.sh: go mod download $1 gave no Dir: $json" >&2
    exit 1
  }
  echo "$dir"
}

echo "[fetch-crds] sigs.k8s.io/gateway-api@$GATEWAY_API_VERSION, istio.io/api@$ISTIO_API_VERSION" >&2
GW_DIR="$(module_dir "sigs.k8s.io/gateway-api@$GATEWAY_API_VERSION")"
ISTIO_DIR="$(module_dir "istio.io/api@$ISTIO_API_VERSION")"

TMP="$(mktemp -d "$CACHE_ROOT/crds/.$KEY.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/gateway-api" "$TMP/istio"
cp "$GW_DIR"/config/crd/standard/gateway.networking.k8s.io_*.yaml "$TMP/gateway-api/"
cp "$ISTIO_DIR/kubernetes/customresourcedefinitions.gen.yaml" "$TMP/istio/"
# The module cache is read-only; the copies need not be.
chmod -R u+w "$TMP"
if [[ ! -d "$DEST" ]]; then mv "$TMP" "$DEST"; fi
trap - EXIT
rm -rf "$TMP"
echo "$DEST"
