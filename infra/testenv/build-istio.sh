#!/usr/bin/env bash
# Builds what the real-mesh layer and `local-cluster.sh --mesh istio-ambient` install: Istio
# ambient's istiod, istio-cni and ztunnel as image archives each node imports into its containerd
# (no registry is reachable here), plus the istioctl that renders the install. Two sources:
#
# module  (the default when the shared ztunnel is there; what CI here runs)
#   1. istio.io/istio at ISTIO_MODULE_VERSION (Istio master of 2026-08-27, VERSION 1.31) from the
#      Go module proxy: pilot-discovery, istio-cni, install-cni, istioctl. Cached by version in
#      ${MESHBENCH_CACHE:-~/.cache/meshbench}/istio/bin-<version>/bin/.
#   2. ztunnel, which no registry serves: ${MESHBENCH_SHARED_DIR:-<repo>/../shared}/mesh/ztunnel.gz
#      (built from istio/ztunnel, see its README), gunzipped and checked against ZTUNNEL_SHA256,
#      with the glibc libraries it links.
#   3. Image archives (real-node/ociimage) named <hub>/{pilot,install-cni,ztunnel}:<tag>, the names
#      `istioctl manifest generate --set hub=<hub> --set tag=<tag>` renders: istiod (user 1337),
#      istio-cni (install-cni, the istio-cni plugin, iptables with its xtables extensions and
#      libraries) and ztunnel. Cached by tag, ztunnel checksum and a hash of this script and
#      real-node/ in istio/<key>/.
# release (a machine with internet and no shared ztunnel; MESHBENCH_ISTIO_RELEASE, default below)
#   istioctl from the official release on GitHub, and the images it names (docker.io/istio/*)
#   pulled with crane (built from the Go module proxy) into archives. Cached in istio/release-<v>/.
#
# Each entry holds images/*.tar and images.env (ISTIO_SOURCE, ISTIO_VERSION, ISTIO_HUB, ISTIO_TAG,
# ISTIO_BIN_DIR, ISTIO_PROVENANCE). Idempotent, flock-serialised, built in a temp dir and renamed
# into place (as build-binaries.sh); the last line of stdout is always the entry dir.
# Exit 3: neither source is available here (the reason is stderr's last line); other non-zero
# exits are failures.
#
# Usage: build-istio.sh [--force]      (or MESHBENCH_REBUILD=1)
# Env:   MESHBENCH_ISTIO_SOURCE (auto|module|release), MESHBENCH_ISTIO_RELEASE, MESHBENCH_CACHE,
#        MESHBENCH_SHARED_DIR, MESHBENCH_BUILD_JOBS (go build -p, default 2)
set -euo pipefail

ISTIO_MODULE_VERSION=v0.0.0-20260827124520-eed52ebb66ad
ISTIO_COMMIT=eed52ebb66ad
# The tag Istio gives its own master builds (<VERSION>-alpha.<commit>); istiod reads the part
# before "-" as the proxies' version.
ISTIO_TAG="1.31-alpha.${ISTIO_COMMIT}"
ISTIO_HUB=localhost/meshbench/istio
ZTUNNEL_COMMIT=62d826530e5ce85764e309170205b293efcbc80b # shared/mesh/README.md
ZTUNNEL_SHA256=48fc2408c766d0761447cc1e7cb2a8e78ef8087e184f2e42d14e853a78985b49
ZTUNNEL_GZ_SHA256=9d5445f6d7ab03cfd7344fa8177006aab7c6690b6faecdd5477ab4ce13ab7758
RELEASE="${MESHBENCH_ISTIO_RELEASE:-1.27.0}"
CRANE_VERSION=v0.20.2

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
SHARED="${MESHBENCH_SHARED_DIR:-$REPO/../shared}"
ZTUNNEL_GZ="$SHARED/mesh/ztunnel.gz"
SRC_HASH="$( (cat "${BASH_SOURCE[0]}" && cd "$HERE/real-node" && find . -type f -name '*.go' -o -name go.mod |
  LC_ALL=C sort | xargs cat) | sha256sum | cut -c1-10)"

FORCE="${MESHBENCH_REBUILD:-0}"
for arg in "$@"; do
  case "$arg" in
    --force | -f) FORCE=1 ;;
    -h | --help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//' >&2 && exit 0 ;;
    *) echo "build-istio.sh: unknown argument: $arg" >&2 && exit 2 ;;
  esac
done
[[ "$FORCE" == 0 || "$FORCE" == "" ]] && FORCE=0 || FORCE=1

log() { echo "[build-istio $(date +%H:%M:%S)] $*" >&2; }
unavailable() {
  echo "$1" >&2
  exit 3
}
sha() { sha256sum <"$1" | cut -c1-64; }
online() { curl -fsS --max-time 5 -o /dev/null "https://github.com/istio/istio/releases/tag/$RELEASE" 2>/dev/null; }

# ------------------------------------------------ which Istio
SOURCE="${MESHBENCH_ISTIO_SOURCE:-auto}"
ZTUNNEL_STATE=present
if [[ ! -s "$ZTUNNEL_GZ" ]]; then
  ZTUNNEL_STATE="missing"
elif [[ "$(sha "$ZTUNNEL_GZ")" != "$ZTUNNEL_GZ_SHA256" ]]; then
  ZTUNNEL_STATE="not matching sha256 $ZTUNNEL_GZ_SHA256"
fi
case "$SOURCE" in
  auto)
    if [[ "$ZTUNNEL_STATE" == present ]]; then
      SOURCE=module
    elif online; then
      SOURCE=release
    else
      unavailable "no Istio for this machine: the shared ztunnel $ZTUNNEL_GZ is $ZTUNNEL_STATE (MESHBENCH_SHARED_DIR), and github.com is unreachable for the official release $RELEASE"
    fi
    ;;
  module) [[ "$ZTUNNEL_STATE" == present ]] || unavailable "the shared ztunnel $ZTUNNEL_GZ is $ZTUNNEL_STATE" ;;
  release) online || unavailable "github.com is unreachable for the official Istio release $RELEASE" ;;
  *) echo "build-istio.sh: MESHBENCH_ISTIO_SOURCE must be auto, module or release" >&2 && exit 2 ;;
esac

CACHE_ROOT="${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}"
mkdir -p "$CACHE_ROOT/istio"
CACHE="$(cd "$CACHE_ROOT/istio" && pwd -P)"
if [[ "$SOURCE" == module ]]; then
  KEY="istio-${ISTIO_TAG}_ztunnel-${ZTUNNEL_SHA256:0:12}_src-${SRC_HASH}"
else
  KEY="release-${RELEASE}_src-${SRC_HASH}"
fi
DEST="$CACHE/$KEY"
BIN_DEST="$CACHE/bin-${ISTIO_MODULE_VERSION}"
is_complete() {
  [[ -s "$DEST/images.env" ]] && ls "$DEST/images/"*.tar >/dev/null 2>&1 &&
    [[ -x "$(sed -n 's/^ISTIO_BIN_DIR=//p' "$DEST/images.env")/istioctl" ]]
}
# Moves a finished temp dir into place.
install_dir() {
  if [[ -e "$2" ]]; then
    local old="$CACHE/.old-$(basename "$2").$$"
    mv "$2" "$old" && mv "$1" "$2" && rm -rf "$old"
  else
    mv "$1" "$2"
  fi
}

if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$DEST"
  exit 0
fi
command -v go >/dev/null || {
  echo "build-istio.sh: 'go' not found in PATH (Go >= 1.26 builds istio.io/istio and crane)" >&2
  exit 1
}
command -v flock >/dev/null || {
  echo "build-istio.sh: 'flock' not found (Debian package util-linux)" >&2
  exit 1
}
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
  log "another Istio build is running; waiting for its lock"
  flock 9
fi
if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$DEST"
  exit 0
fi
rm -rf "$CACHE/.tmp-"* "$CACHE/.old-"*
TMP="$(mktemp -d "$CACHE/.tmp-$KEY.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
OUT="$TMP/out"
mkdir -p "$OUT/images"
START=$(date +%s)
export GOFLAGS="-mod=mod -buildvcs=false"
export CGO_ENABLED=0
GO=(nice -n 10 go)
write_env() { # source version hub tag bin-dir provenance
  printf 'ISTIO_SOURCE=%s\nISTIO_VERSION=%s\nISTIO_HUB=%s\nISTIO_TAG=%s\nISTIO_BIN_DIR=%s\nISTIO_PROVENANCE=%s\n' \
    "$@" >"$OUT/images.env"
}
finish() {
  printf 'key=%s\nbuilt=%s\nseconds=%s\n' "$KEY" "$(date -u +%FT%TZ)" "$(($(date +%s) - START))" >"$OUT/build-info.txt"
  install_dir "$OUT" "$DEST"
  log "done in $(($(date +%s) - START)) s"
  echo "$DEST"
  exit 0
}

# ------------------------------------------------ release: istioctl + the images it names
if [[ "$SOURCE" == release ]]; then
  log "official Istio release $RELEASE"
  mkdir -p "$OUT/bin"
  curl -fsSL "https://github.com/istio/istio/releases/download/$RELEASE/istioctl-$RELEASE-linux-amd64.tar.gz" |
    tar -xz -C "$OUT/bin" istioctl
  (cd "$TMP" && GOBIN="$TMP" "${GO[@]}" install "github.com/google/go-containerregistry/cmd/crane@$CRANE_VERSION")
  # The same profile, hub, tag and variant as the harness renders (mesh/istio-ambient.ts).
  mapfile -t IMAGES < <("$OUT/bin/istioctl" manifest generate --set profile=ambient \
    --set hub=docker.io/istio --set "tag=$RELEASE" --set values.global.variant= |
    sed -n 's/^ *image: *"\{0,1\}\(docker\.io\/istio\/[^"{} ]*\)"\{0,1\}$/\1/p' | sort -u)
  [[ ${#IMAGES[@]} -ge 3 ]] || { echo "build-istio.sh: istioctl named ${#IMAGES[@]} images" >&2 && exit 1; }
  for image in "${IMAGES[@]}"; do
    name="${image##*/}"
    log "pulling $image"
    "$TMP/crane" pull --platform linux/amd64 "$image" "$OUT/images/${name%%:*}.tar"
  done
  write_env release "$RELEASE" docker.io/istio "$RELEASE" "$DEST/bin" \
    "the official Istio release $RELEASE (istioctl from GitHub, images ${IMAGES[*]})"
  finish
fi

# ------------------------------------------------ module 1. Istio binaries (~11 min cold, 2 busy cores)
if [[ "$FORCE" == 1 ]] || [[ ! -x "$BIN_DEST/bin/istioctl" ]]; then
  log "istio.io/istio@$ISTIO_MODULE_VERSION: go mod download"
  MOD_DIR="$(cd "$TMP" && "${GO[@]}" mod download -json "istio.io/istio@$ISTIO_MODULE_VERSION" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -d "$MOD_DIR" ]] || { echo "build-istio.sh: go mod download gave no module dir" >&2 && exit 1; }
  # The module cache is read-only, and the build writes go.sum entries: work on a copy.
  cp -r "$MOD_DIR" "$TMP/istio" && chmod -R u+w "$TMP/istio"
  V=istio.io/istio/pkg/version
  LDFLAGS="-s -w -X $V.buildVersion=$ISTIO_TAG -X $V.buildGitRevision=$ISTIO_COMMIT"
  LDFLAGS+=" -X $V.buildStatus=Clean -X $V.buildTag=$ISTIO_TAG -X $V.buildHub=$ISTIO_HUB"
  LDFLAGS+=" -X $V.buildOS=linux -X $V.buildArch=amd64"
  mkdir -p "$TMP/bin-out/bin"
  log "building pilot-discovery istio-cni install-cni istioctl (go $(go env GOVERSION))"
  (cd "$TMP/istio" && "${GO[@]}" build -p "${MESHBENCH_BUILD_JOBS:-2}" -trimpath -ldflags "$LDFLAGS" \
    -o "$TMP/bin-out/bin/" ./pilot/cmd/pilot-discovery ./cni/cmd/istio-cni ./cni/cmd/install-cni \
    ./istioctl/cmd/istioctl)
  printf 'module=istio.io/istio@%s\ngo=%s\nbuilt=%s\nseconds=%s\n' "$ISTIO_MODULE_VERSION" \
    "$(go env GOVERSION)" "$(date -u +%FT%TZ)" "$(($(date +%s) - START))" >"$TMP/bin-out/build-info.txt"
  rm -rf "$TMP/istio"
  install_dir "$TMP/bin-out" "$BIN_DEST"
  log "istio binaries in $(($(date +%s) - START)) s"
fi
B="$BIN_DEST/bin"

# ------------------------------------------------ module 2. ztunnel from the shared folder
log "ztunnel from $ZTUNNEL_GZ"
gunzip -c "$ZTUNNEL_GZ" >"$TMP/ztunnel" && chmod 755 "$TMP/ztunnel"
[[ "$(sha "$TMP/ztunnel")" == "$ZTUNNEL_SHA256" ]] || {
  echo "build-istio.sh: the unpacked ztunnel does not match sha256 $ZTUNNEL_SHA256" >&2
  exit 1
}

# ------------------------------------------------ module 3. images
(cd "$HERE/real-node" && "${GO[@]}" build -trimpath -o "$TMP/ociimage" ./ociimage)
# -file arguments for the shared libraries of the given executables (as ldd resolves them here:
# Debian 12's glibc, which ztunnel was built against), where the dynamic loader looks for them.
lib_files() {
  ldd "$@" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/lib64\// { print $1 }' |
    sort -u | while read -r lib; do
    case "$lib" in
      /lib64/*) echo "-file=$lib=$(readlink -f "$lib")" ;;
      *) echo "-file=/lib/x86_64-linux-gnu/$(basename "$lib")=$(readlink -f "$lib")" ;;
    esac
  done
}
log "images $ISTIO_HUB/{pilot,install-cni,ztunnel}:$ISTIO_TAG"
# istiod: the chart runs it with runAsNonRoot, as Istio's own image (USER 1337) allows.
"$TMP/ociimage" -name "$ISTIO_HUB/pilot:$ISTIO_TAG" -out "$OUT/images/istiod.oci.tar" \
  -entrypoint /usr/local/bin/pilot-discovery -user 1337:1337 \
  -file "/usr/local/bin/pilot-discovery=$B/pilot-discovery"
# istio-cni: the node agent programs pods' redirection with iptables, legacy or nft after what the
# node already uses, and iptables loads its match/target extensions at run time.
XT=/usr/lib/x86_64-linux-gnu/xtables
IPT_FILES=()
for fam in iptables ip6tables; do
  for suffix in "" -save -restore; do
    IPT_FILES+=("-file=/usr/sbin/$fam-nft$suffix=/usr/sbin/xtables-nft-multi")
    IPT_FILES+=("-file=/usr/sbin/$fam-legacy$suffix=/usr/sbin/xtables-legacy-multi")
    IPT_FILES+=("-file=/usr/sbin/$fam$suffix=$(readlink -f "/usr/sbin/$fam$suffix")")
  done
done
for ext in "$XT"/*.so; do IPT_FILES+=("-file=$ext=$ext"); done
mapfile -t IPT_LIBS < <(lib_files /usr/sbin/xtables-nft-multi /usr/sbin/xtables-legacy-multi "$XT"/*.so)
"$TMP/ociimage" -name "$ISTIO_HUB/install-cni:$ISTIO_TAG" -out "$OUT/images/istio-cni.oci.tar" \
  -entrypoint /usr/local/bin/install-cni \
  -env "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/cni/bin" \
  -file "/usr/local/bin/install-cni=$B/install-cni" -file "/opt/cni/bin/istio-cni=$B/istio-cni" \
  "${IPT_FILES[@]}" "${IPT_LIBS[@]}"
mapfile -t ZT_LIBS < <(lib_files "$TMP/ztunnel")
"$TMP/ociimage" -name "$ISTIO_HUB/ztunnel:$ISTIO_TAG" -out "$OUT/images/ztunnel.oci.tar" \
  -entrypoint /usr/local/bin/ztunnel -env "ISTIO_META_ISTIO_VERSION=$ISTIO_TAG" \
  -file "/usr/local/bin/ztunnel=$TMP/ztunnel" "${ZT_LIBS[@]}"
write_env module "$ISTIO_TAG" "$ISTIO_HUB" "$ISTIO_TAG" "$B" \
  "istio.io/istio@$ISTIO_MODULE_VERSION built here (pilot-discovery, istio-cni, install-cni, istioctl); ztunnel istio/ztunnel@${ZTUNNEL_COMMIT:0:12} from $ZTUNNEL_GZ (sha256 ${ZTUNNEL_SHA256:0:12}…)"
"$B/istioctl" version --remote=false >&2
finish
