# Sourced by the test command. Playwright cannot download its own browser here, so the UI tests
# use Debian's Chromium (or any browser at CHROMIUM_PATH, e.g. on a laptop).
ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return 0; fi
  if [ -x /usr/bin/chromium ]; then export CHROMIUM_PATH=/usr/bin/chromium; return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "meshbench: installing Debian's chromium for the Playwright tests" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
    export CHROMIUM_PATH=/usr/bin/chromium
    return 0
  fi
  echo "meshbench: no Chromium found; install it or set CHROMIUM_PATH" >&2
  return 1
}
