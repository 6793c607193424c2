#!/usr/bin/env bash
# README command (2): every test layer; exits non-zero on any failure. .ci/run calls it verbatim.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
source scripts/lib/chromium.sh
ensure_toolchain
install_dependencies
ensure_chromium

step() { printf '\n=== %s\n' "$*"; }
step "format"; pnpm format:check
step "prisma generate + migration drift check"; pnpm db:generate >/dev/null && pnpm db:drift
step "lint, typecheck, unit + integration tests"; pnpm turbo run lint typecheck test --concurrency=2 --output-logs=errors-only
step "cluster suite (real kube-apiserver + kwok)"; pnpm test:k8s
step "production build (standalone web + bundled worker on Postgres, no container engine)"; bash infra/docker/verify-build.sh
step "end-to-end (Playwright, built app, Chromium)"; pnpm turbo run test:e2e --output-logs=full
step "all test layers passed"
