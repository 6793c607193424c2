#!/usr/bin/env bash
# Builds what a REAL test node needs beyond the control plane (build-binaries.sh):
#   kubelet, kube-proxy (k8s.io/kubernetes, the same pinned version as build-binaries.sh),
#   coredns, fortio, pause (real-node/pause) and two OCI image archives assembled from them
#   (real-node/ociimage): docker.io/fortio/fortio:<v> and the pod sandbox image.
# Why: no Docker, no registry, no internet except the package registries here, so nothing
# prebuilt can be pulled; see shared/docs/real-node.md. Cached OUTSIDE the repo by version
# (and by a hash of real-node/, so editing the pause program or the assembler rebuilds):
#   ${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}/real-node/<key>/
#     bin/{kubelet,kube-proxy,coredns,fortio,pause}  images/{fortio,pause}.oci.tar  images.env
# Idempotent, flock-serialised, built in a temp dir and renamed into place (as
# build-binaries.sh). The last line of stdout is always the absolute entry dir.
#
# Usage: build-real-node.sh [--force]      (or MESHBENCH_REBUILD=1)
# Env:   MESHBENCH_CACHE, MESHBENCH_BUILD_JOBS (go build -p, default 2)
set -euo pipefail

K8S_VERSION=v1.32.4 # keep equal to build-binaries.sh
COREDNS_VERSION=v1.11.4
FORTIO_VERSION=1.68.2
FORTIO_IMAGE="docker.io/fortio/fortio:$FORTIO_VERSION" # the product's default load image
PAUSE_IMAGE="localhost/meshbench/pause:1"

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC_HASH="$(cd "$HERE/real-node" && find . -type f -name '*.go' -o -name go.mod | LC_ALL=C sort |
  xargs cat | sha256sum | cut -c1-10)"
KEY="k8s-${K8S_VERSION}_coredns-${COREDNS_VERSION}_fortio-${FORTIO_VERSION}_src-${SRC_HASH}"
BINARIES=(kubelet kube-proxy coredns fortio pause)

FORCE="${MESHBENCH_REBUILD:-0}"
for arg in "$@"; do
  case "$arg" in
    --force | -f) FORCE=1 ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2 && exit 0 ;;
    *) echo "build-real-node.sh: unknown argument: $arg" >&2 && exit 2 ;;
  esac
done
[[ "$FORCE" == 0 || "$FORCE" == "" ]] && FORCE=0 || FORCE=1

CACHE_ROOT="${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}"
mkdir -p "$CACHE_ROOT/real-node"
CACHE="$(cd "$CACHE_ROOT/real-node" && pwd -P)"
DEST="$CACHE/$KEY"

log() { echo "[build-real-node $(date +%H:%M:%S)] $*" >&2; }
is_complete() {
  local b
  for b in "${BINARIES[@]}"; do [[ -x "$DEST/bin/$b" ]] || return 1; done
  [[ -s "$DEST/images/fortio.oci.tar" && -s "$DEST/images/pause.oci.tar" && -s "$DEST/images.env" ]]
}

if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$DEST"
  exit 0
fi
command -v go >/dev/null || {
  echo "build-real-node.sh: 'go' not found in PATH (Go >= 1.23 is needed to build kubelet, kube-proxy, coredns, fortio)" >&2
  exit 1
}
command -v flock >/dev/null || {
  echo "build-real-node.sh: 'flock' not found (Debian package util-linux)" >&2
  exit 1
}
exec 9>"$CACHE/.$KEY.lock"
if ! flock -n 9; then
  log "another build of $KEY is running; waiting for its lock"
  flock 9
fi
if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$DEST"
  exit 0
fi
rm -rf "$CACHE/.tmp-$KEY."* "$CACHE/.old-$KEY."*
TMP="$(mktemp -d "$CACHE/.tmp-$KEY.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
OUT="$TMP/out"
mkdir -p "$OUT/bin" "$OUT/images" "$TMP/k8s"

export GOFLAGS="-mod=mod -buildvcs=false"
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}k8s.io" # see build-binaries.sh
export CGO_ENABLED=0                               # static binaries: they run inside images too
GO=(nice -n 10 go)
BUILD_FLAGS=(-p "${MESHBENCH_BUILD_JOBS:-2}" -trimpath)
START=$(date +%s)
log "building $KEY into $DEST (go $(go env GOVERSION))"

# ------------------------------------------------ pause + image assembler (seconds, stdlib only)
(cd "$HERE/real-node" && "${GO[@]}" test ./... >&2 &&
  "${GO[@]}" build "${BUILD_FLAGS[@]}" -ldflags "-s -w" -o "$OUT/bin/pause" ./pause &&
  "${GO[@]}" build "${BUILD_FLAGS[@]}" -o "$TMP/ociimage" ./ociimage)

# ------------------------------------------------ fortio (~1 min), coredns (~3 min)
log "fortio $FORTIO_VERSION"
(cd "$TMP" && GOBIN="$OUT/bin" "${GO[@]}" install "${BUILD_FLAGS[@]}" -ldflags "-s -w" \
  "fortio.org/fortio@v$FORTIO_VERSION")
log "coredns $COREDNS_VERSION"
(cd "$TMP" && GOBIN="$OUT/bin" "${GO[@]}" install "${BUILD_FLAGS[@]}" -ldflags "-s -w" \
  "github.com/coredns/coredns@$COREDNS_VERSION")

# ------------------------------------------------ kubelet, kube-proxy (~1 min with a warm cache)
# The same throwaway module as build-binaries.sh: pin every staging module to v0.X.Y.
log "kubernetes $K8S_VERSION (kubelet, kube-proxy)"
STAGING_VERSION="v0.${K8S_VERSION#v1.}"
K8S_GOMOD="$(cd "$TMP" && "${GO[@]}" mod download -json "k8s.io/kubernetes@$K8S_VERSION" |
  sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')"
mapfile -t STAGING < <(sed -n 's#^[[:space:]]*\(replace[[:space:]]\{1,\}\)\{0,1\}\(k8s\.io/[A-Za-z0-9._-]*\)[[:space:]]*=>[[:space:]]*\./staging/.*#\2#p' "$K8S_GOMOD" | sort -u)
[[ ${#STAGING[@]} -gt 20 ]] || {
  echo "could not read the staging modules from $K8S_GOMOD (found ${#STAGING[@]})" >&2
  exit 1
}
{
  printf 'module local/k8snode\n\ngo 1.23\n\nrequire k8s.io/kubernetes %s\n\n' "$K8S_VERSION"
  for m in "${STAGING[@]}"; do printf 'replace %s => %s %s\n' "$m" "$m" "$STAGING_VERSION"; done
} >"$TMP/k8s/go.mod"
printf '//go:build tools\n\npackage tools\n\nimport (\n\t_ "k8s.io/kubernetes/cmd/kubelet"\n\t_ "k8s.io/kubernetes/cmd/kube-proxy"\n)\n' >"$TMP/k8s/tools.go"
K8S_LDFLAGS="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  K8S_LDFLAGS+=" -X $pkg.gitVersion=$K8S_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$(echo "$K8S_VERSION" | cut -d. -f2)"
  K8S_LDFLAGS+=" -X $pkg.gitCommit= -X $pkg.gitTreeState=archive"
done
(cd "$TMP/k8s" && "${GO[@]}" mod tidy >&2 &&
  "${GO[@]}" build "${BUILD_FLAGS[@]}" -ldflags "$K8S_LDFLAGS" -o "$OUT/bin/" \
    k8s.io/kubernetes/cmd/kubelet k8s.io/kubernetes/cmd/kube-proxy)

# ------------------------------------------------ images
log "images $FORTIO_IMAGE, $PAUSE_IMAGE"
"$TMP/ociimage" -name "$FORTIO_IMAGE" -out "$OUT/images/fortio.oci.tar" \
  -entrypoint /usr/bin/fortio -cmd server -file "/usr/bin/fortio=$OUT/bin/fortio"
"$TMP/ociimage" -name "$PAUSE_IMAGE" -out "$OUT/images/pause.oci.tar" \
  -entrypoint /pause -file "/pause=$OUT/bin/pause"
printf 'FORTIO_IMAGE=%s\nPAUSE_IMAGE=%s\n' "$FORTIO_IMAGE" "$PAUSE_IMAGE" >"$OUT/images.env"

for b in "${BINARIES[@]}"; do
  [[ -x "$OUT/bin/$b" ]] || { echo "build-real-node.sh: $b was not built" >&2 && exit 1; }
done
"$OUT/bin/kubelet" --version >&2
ELAPSED=$(($(date +%s) - START))
printf 'key=%s\ngo=%s\nbuilt=%s\nseconds=%s\n' "$KEY" "$(go env GOVERSION)" "$(date -u +%FT%TZ)" "$ELAPSED" >"$OUT/build-info.txt"

if [[ -e "$DEST" ]]; then
  OLD="$CACHE/.old-$KEY.$$"
  mv "$DEST" "$OLD" && mv "$OUT" "$DEST" && rm -rf "$OLD"
else
  mv "$OUT" "$DEST"
fi
log "done in ${ELAPSED}s"
echo "$DEST"
