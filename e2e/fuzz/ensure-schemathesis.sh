#!/usr/bin/env bash
# Installs schemathesis (PyPI) into a virtualenv cached outside the repo, keyed by version, and
# prints the path of its executable (last line of stdout). A venv cannot be moved after creation
# (its scripts hard-code their path), so it is built in place and marked complete at the end;
# an incomplete one is rebuilt. An flock serialises concurrent callers.
set -euo pipefail
VERSION=4.32.5
CACHE_ROOT="${MESHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshbench}"
PATCH="$(cd "$(dirname "$0")" && pwd)/hypothesis_lambda_patch.py"
# The key includes the patch's hash, so editing it rebuilds the venv.
VENV="$CACHE_ROOT/py/schemathesis-$VERSION-$(sha256sum "$PATCH" | cut -c1-8)"
mkdir -p "$CACHE_ROOT/py"
if [[ ! -f "$VENV/.complete" ]]; then
  command -v python3 >/dev/null || { echo "ensure-schemathesis: python3 (>= 3.9) is needed" >&2; exit 1; }
  exec 9>"$VENV.lock"
  flock 9
  if [[ ! -f "$VENV/.complete" ]]; then
    echo "ensure-schemathesis: installing schemathesis $VERSION into $VENV" >&2
    rm -rf "$VENV"
    if ! python3 -m venv "$VENV" 2>/dev/null; then
      # Debian splits venv out of python3; as root, install it like the test command does Chromium.
      [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null &&
        { apt-get install -y -qq python3-venv >&2 || { apt-get update -qq && apt-get install -y -qq python3-venv >&2; }; }
      rm -rf "$VENV"
      python3 -m venv "$VENV" || {
        echo "ensure-schemathesis: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2
        exit 1
      }
    fi
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
    site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
    cp "$PATCH" "$site/meshbench_hypothesis_patch.py"
    echo "import meshbench_hypothesis_patch" >"$site/meshbench-hypothesis-patch.pth"
    touch "$VENV/.complete"
  fi
fi
echo "$VENV/bin/schemathesis"
