#!/usr/bin/env bash
# Builds the binaries of a real, local Kubernetes test environment:
#   etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubectl, kwok, helm
# Why: there is no Docker/kind here and no internet except the package registries, so
# nothing prebuilt can be downloaded. Everything is compiled from the Go module proxy
# (k8s.io/kubernetes via a throwaway module that pins every staging module, etcd via a
# throwaway module, kwok and helm via `go install pkg@version`). A cold build takes
# ~7 min on an idle 2-core machine (~15 min on a busy one), so the result is cached
# OUTSIDE the repo, keyed by versions:
#   ${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}/k8s/<key>/{bin,kwok}
# It also copies kwok's "fast" Stage documents and its CRDs out of the Go module cache
# (<key>/kwok/stages.yaml, <key>/kwok/crds/) so test code need not know GOMODCACHE.
#
# Idempotent: if everything is there it prints the bin dir and exits 0 at once.
# Builds into a temp dir next to the cache entry and renames it into place (a killed
# build never leaves a half cache); an flock serialises concurrent callers.
# The last line of stdout is always the absolute bin dir; progress goes to stderr.
#
# Usage: build-binaries.sh [--force]      (or MESHBENCH_REBUILD=1) to rebuild
# Env:   MESHBENCH_CACHE, MESHBENCH_BUILD_JOBS (go build -p, default 2)
set -euo pipefail

K8S_VERSION=v1.32.4
ETCD_VERSION=v3.5.17
KWOK_VERSION=v0.7.0
HELM_VERSION=v3.17.4 # last v3.17.x: built against k8s.io/client-go v0.32, like K8S_VERSION

KEY="k8s-${K8S_VERSION}_etcd-${ETCD_VERSION}_kwok-${KWOK_VERSION}_helm-${HELM_VERSION}"
BINARIES=(etcd kube-apiserver kube-controller-manager kube-scheduler kubectl kwok helm)

FORCE="${MESHBENCH_REBUILD:-0}"
for arg in "$@"; do
  case "$arg" in
    --force | -f) FORCE=1 ;;
    -h | --help)
      sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
      exit 0
      ;;
    *)
      echo "build-binaries.sh: unknown argument: $arg" >&2
      exit 2
      ;;
  esac
done
[[ "$FORCE" == 0 || "$FORCE" == "" ]] && FORCE=0 || FORCE=1

CACHE_ROOT="${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}"
mkdir -p "$CACHE_ROOT/k8s"
K8S_CACHE="$(cd "$CACHE_ROOT/k8s" && pwd -P)"
DEST="$K8S_CACHE/$KEY"
BIN_DIR="$DEST/bin"

log() { echo "[build-binaries $(date +%H:%M:%S)] $*" >&2; }

is_complete() {
  local b
  for b in "${BINARIES[@]}"; do
    [[ -x "$BIN_DIR/$b" ]] || return 1
  done
  [[ -s "$DEST/kwok/stages.yaml" && -d "$DEST/kwok/crds" ]] || return 1
}

# Fast path, no lock needed: the entry only ever appears complete (atomic rename).
if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$BIN_DIR"
  exit 0
fi

command -v go >/dev/null || {
  echo "build-binaries.sh: 'go' not found in PATH (Go >= 1.23 is needed)" >&2
  exit 1
}
command -v flock >/dev/null || {
  echo "build-binaries.sh: 'flock' not found (Debian package util-linux)" >&2
  exit 1
}

LOCK_FILE="$K8S_CACHE/.$KEY.lock"
exec 9>"$LOCK_FILE"
if ! flock -n 9; then
  log "another build of $KEY is running; waiting for its lock ($LOCK_FILE)"
  flock 9
fi

# Someone else may have finished the build while we waited.
if [[ "$FORCE" == 0 ]] && is_complete; then
  echo "$BIN_DIR"
  exit 0
fi

# Leftovers of killed builds (we hold the lock, so none of them is live).
rm -rf "$K8S_CACHE/.tmp-$KEY."* "$K8S_CACHE/.old-$KEY."*

TMP="$(mktemp -d "$K8S_CACHE/.tmp-$KEY.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
OUT="$TMP/out"
mkdir -p "$OUT/bin" "$OUT/kwok" "$TMP/k8s" "$TMP/etcd"

JOBS="${MESHBENCH_BUILD_JOBS:-2}"
export GOFLAGS="-mod=mod -buildvcs=false"
# The checksum database does not know k8s.io/kubernetes (it is not meant to be a dependency),
# and through this machine's proxy it also answers 404 for some staging modules
# (e.g. k8s.io/controller-manager@v0.32.4): skip it for k8s.io/* (the proxy still serves them).
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}k8s.io"
export CGO_ENABLED=0
# Low priority, at most JOBS compile jobs: other work runs on this machine too.
GO=(nice -n 10 go)
BUILD_FLAGS=(-p "$JOBS" -trimpath)
START=$(date +%s)
BUILD_DATE="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
log "building $KEY into $DEST (go $(go env GOVERSION), -p $JOBS)"

moddir() { # module@version -> its directory in the module cache (downloading it)
  "${GO[@]}" mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p'
}
modfile() { # module@version -> its go.mod in the module cache
  "${GO[@]}" mod download -json "$1" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p'
}

# ---------------------------------------------------------------- kwok (~2 min)
log "kwok $KWOK_VERSION"
(cd "$TMP" && GOBIN="$OUT/bin" "${GO[@]}" install "${BUILD_FLAGS[@]}" -ldflags "-s -w" \
  "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION")
KWOK_DIR="$(cd "$TMP" && moddir "sigs.k8s.io/kwok@$KWOK_VERSION")"
[[ -d "$KWOK_DIR/kustomize/stage/pod/fast" ]] || {
  echo "kwok module dir not found: '$KWOK_DIR'" >&2
  exit 1
}
# Only the `kind: Stage` documents (not the kustomization files), joined with ---.
awk '
  function flush() { if (doc != "" && doc ~ /(^|\n)kind: Stage(\n|$)/) { if (n++) printf "---\n"; printf "%s", doc } doc = "" }
  FNR == 1 { flush() }
  /^---[[:space:]]*$/ { flush(); next }
  { doc = doc $0 "\n" }
  END { flush() }
' "$KWOK_DIR"/kustomize/stage/pod/fast/*.yaml "$KWOK_DIR"/kustomize/stage/node/fast/*.yaml \
  >"$OUT/kwok/stages.yaml"
grep -q '^kind: Stage$' "$OUT/kwok/stages.yaml"
mkdir -p "$OUT/kwok/crds"
cp "$KWOK_DIR"/kustomize/crd/bases/*.yaml "$OUT/kwok/crds/"
chmod -R u+w "$OUT/kwok" # the module cache is read-only

# ---------------------------------------------------------------- helm
log "helm $HELM_VERSION"
HELM_GOMOD="$(cd "$TMP" && modfile "helm.sh/helm/v3@$HELM_VERSION")"
# Helm's Makefile derives the default .Capabilities.KubeVersion from its client-go version.
HELM_CLIENT_GO="$(awk '$1 == "k8s.io/client-go" { print $2; exit }' "$HELM_GOMOD")" # v0.32.2
HELM_K8S_MINOR="$(echo "$HELM_CLIENT_GO" | cut -d. -f2)"
HELM_LDFLAGS="-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
HELM_LDFLAGS+=" -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1"
HELM_LDFLAGS+=" -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$HELM_K8S_MINOR"
HELM_LDFLAGS+=" -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1"
HELM_LDFLAGS+=" -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$HELM_K8S_MINOR"
(cd "$TMP" && GOBIN="$OUT/bin" "${GO[@]}" install "${BUILD_FLAGS[@]}" -ldflags "$HELM_LDFLAGS" \
  "helm.sh/helm/v3/cmd/helm@$HELM_VERSION")

# ---------------------------------------------------------------- etcd (~35 s)
# etcd's go.mod has replace directives, so it cannot be `go install`ed: throwaway module.
log "etcd $ETCD_VERSION"
cat >"$TMP/etcd/go.mod" <<EOF
module local/etcdbin

go 1.23

require go.etcd.io/etcd/server/v3 $ETCD_VERSION
EOF
cat >"$TMP/etcd/tools.go" <<'EOF'
//go:build tools

package tools

import _ "go.etcd.io/etcd/server/v3/etcdmain"
EOF
(cd "$TMP/etcd" && "${GO[@]}" mod tidy >&2 &&
  "${GO[@]}" build "${BUILD_FLAGS[@]}" -ldflags "-s -w" -o "$OUT/bin/etcd" go.etcd.io/etcd/server/v3)

# ---------------------------------------------------------------- kubernetes (~8+ min)
# k8s.io/kubernetes points its staging modules at ./staging/...; pin each of them to the
# matching published v0.X.Y instead. The list is read from k8s.io/kubernetes' own go.mod.
log "kubernetes $K8S_VERSION (kube-apiserver, kube-controller-manager, kube-scheduler, kubectl)"
STAGING_VERSION="v0.${K8S_VERSION#v1.}" # v1.32.4 -> v0.32.4
K8S_GOMOD="$(cd "$TMP" && modfile "k8s.io/kubernetes@$K8S_VERSION")"
mapfile -t STAGING < <(sed -n 's#^[[:space:]]*\(replace[[:space:]]\{1,\}\)\{0,1\}\(k8s\.io/[A-Za-z0-9._-]*\)[[:space:]]*=>[[:space:]]*\./staging/.*#\2#p' "$K8S_GOMOD" | sort -u)
[[ ${#STAGING[@]} -gt 20 ]] || {
  echo "could not read the staging modules from $K8S_GOMOD (found ${#STAGING[@]})" >&2
  exit 1
}
{
  printf 'module local/k8sbin\n\ngo 1.23\n\nrequire k8s.io/kubernetes %s\n\n' "$K8S_VERSION"
  for m in "${STAGING[@]}"; do printf 'replace %s => %s %s\n' "$m" "$m" "$STAGING_VERSION"; done
} >"$TMP/k8s/go.mod"
cat >"$TMP/k8s/tools.go" <<'EOF'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
EOF
K8S_MINOR="$(echo "$K8S_VERSION" | cut -d. -f2)"
K8S_LDFLAGS="-s -w"
# What hack/lib/version.sh sets, so `kubectl version` and /version report properly.
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  K8S_LDFLAGS+=" -X $pkg.gitVersion=$K8S_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$K8S_MINOR"
  # Built from the module zip, so there is no commit: empty instead of "$Format:%H$".
  K8S_LDFLAGS+=" -X $pkg.gitCommit= -X $pkg.gitTreeState=archive -X $pkg.buildDate=$BUILD_DATE"
done
(cd "$TMP/k8s" && "${GO[@]}" mod tidy >&2 &&
  "${GO[@]}" build "${BUILD_FLAGS[@]}" -ldflags "$K8S_LDFLAGS" -o "$OUT/bin/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
    k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kubectl)

# ---------------------------------------------------------------- check and publish
for b in "${BINARIES[@]}"; do
  [[ -x "$OUT/bin/$b" ]] || {
    echo "build-binaries.sh: $b was not built" >&2
    exit 1
  }
done
"$OUT/bin/kube-apiserver" --version >&2
"$OUT/bin/etcd" --version >&2
"$OUT/bin/kwok" --version >&2
"$OUT/bin/helm" version --short >&2

ELAPSED=$(($(date +%s) - START))
cat >"$OUT/build-info.txt" <<EOF
key=$KEY
kubernetes=$K8S_VERSION
etcd=$ETCD_VERSION
kwok=$KWOK_VERSION
helm=$HELM_VERSION
go=$(go env GOVERSION)
built=$BUILD_DATE
seconds=$ELAPSED
staging_replaces=${STAGING[*]}
EOF

# Publish atomically: rename the finished tree into place (same filesystem).
if [[ -e "$DEST" ]]; then
  OLD="$K8S_CACHE/.old-$KEY.$$"
  mv "$DEST" "$OLD"
  mv "$OUT" "$DEST"
  rm -rf "$OLD"
else
  mv "$OUT" "$DEST"
fi
log "done in ${ELAPSED}s"
echo "$BIN_DIR"
