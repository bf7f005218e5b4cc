#!/usr/bin/env bash
# The README's commands: `npm start` and `npm test` land here (also `npm run dev`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh

log() { printf '\033[1;34m[starport]\033[0m %s\n' "$*" >&2; }

# Installs dependencies when node_modules is missing or older than the lock file.
ensure_dependencies() {
  local stamp=node_modules/.starport-lock.sha
  local want
  want="$(sha1sum package-lock.json | cut -d' ' -f1)-$(node -v)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    log "installing dependencies (npm ci)"
    npm ci --no-fund --no-audit
    echo "$want" > "$stamp"
  fi
}

build_web() {
  log "building the web app"
  npm run build --silent -w @starport/web
}

# Debian's Chromium for the browser tests; never a downloaded browser.
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    log "installing Debian's chromium"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "[starport] browser tests need /usr/bin/chromium (Debian package 'chromium')" >&2
    exit 1
  fi
}

# How the server process runs (npm start, and `serve` for benchmarks): glibc gives every thread
# (V8's compiler and GC threads, libuv's pool) its own malloc arena and keeps their freed pages,
# so a long-running server's RSS only grows; two arenas bound that. A 16 MB semi-space bounds
# V8's young generation, which otherwise grows to 3 × 32 MB and stays committed under load.
# A 1.5 GB old space (issue 23): at its default limit (4 GB on this 24 GB machine) V8 lets the old
# generation grow to up to 4 × what survived the last full collection, under a smaller limit to
# about 1.5 ×: the soak's 75 MB of live heap then takes 120-170 MB of heap instead of 220-320 MB,
# whose freed pages V8 keeps resident until the process idles (apps/web/server/idle-memory.ts).
# 1.5 GB is about three times the largest import's peak (+560 MB RSS,
# scripts/bench/product-import-xlsx-memory.ts); a NODE_OPTIONS limit of one's own still wins.
server_runtime() {
  export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
  export NODE_OPTIONS="--max-semi-space-size=16 --max-old-space-size=1536${NODE_OPTIONS:+ $NODE_OPTIONS}"
}

# Every Node process of a command (server, workers, Vitest's workers, the children tests spawn)
# resolves node_modules' relative ESM imports without Node re-reading a package.json per module
# (scripts/esm-resolution-cache.ts says why: seconds and a hundred MB per process).
fast_module_resolution() {
  export NODE_OPTIONS="--import=\"$PWD/scripts/esm-resolution-cache.ts\"${NODE_OPTIONS:+ $NODE_OPTIONS}"
}

cmd="${1:-start}"
case "$cmd" in
  start)
    ensure_dependencies
    build_web
    export NODE_ENV="${NODE_ENV:-production}" SEED_DEMO="${SEED_DEMO:-true}" AMAZON_SANDBOX="${AMAZON_SANDBOX:-true}"
    server_runtime
    fast_module_resolution
    exec node apps/web/server.ts
    ;;
  serve)
    # `start` without installing and building (benchmarks: scripts/bench/soak.ts).
    export NODE_ENV="${NODE_ENV:-production}" SEED_DEMO="${SEED_DEMO:-true}" AMAZON_SANDBOX="${AMAZON_SANDBOX:-true}"
    server_runtime
    fast_module_resolution
    exec node apps/web/server.ts
    ;;
  dev)
    ensure_dependencies
    fast_module_resolution
    export SEED_DEMO="${SEED_DEMO:-true}" DATA_DIR="${DATA_DIR:-$PWD/data}"
    cd apps/web && exec npx react-router dev --port "${PORT:-5173}"
    ;;
  test)
    ensure_dependencies
    ensure_chromium
    fast_module_resolution
    results="$(mktemp -d)"
    log "lint (biome)"
    npx biome check .
    # The OpenAPI document as /api/docs.json serves it; the recommended rules, warnings as errors.
    log "lint (OpenAPI, redocly recommended rules)"
    node scripts/openapi-export.ts "$results/openapi.json"
    npx redocly lint --extends=recommended-strict --format=stylish "$results/openapi.json"
    log "typecheck"
    npm run typecheck --silent
    log "unit and API tests (vitest)"
    vitest_status=0
    npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || vitest_status=$?
    build_web
    # Issue 23: the campaign and login pages' first-load JavaScript stays within its budget.
    log "first-load JavaScript budget"
    budget_status=0
    node scripts/check-bundle-budget.ts || budget_status=$?
    log "browser tests (playwright, Debian chromium)"
    playwright_status=0
    PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || playwright_status=$?
    node scripts/test-summary.ts "$results/vitest.json" "$results/playwright.json"
    # A runner can fail outside any test (an unhandled error, a web server that died): say which.
    [ "$vitest_status" = 0 ] || echo "[starport] vitest exited with status $vitest_status" >&2
    [ "$playwright_status" = 0 ] || echo "[starport] playwright exited with status $playwright_status" >&2
    [ "$budget_status" = 0 ] || echo "[starport] first-load JavaScript over budget (scripts/check-bundle-budget.ts)" >&2
    [ "$vitest_status" = 0 ] && [ "$playwright_status" = 0 ] && [ "$budget_status" = 0 ]
    ;;
  *)
    echo "usage: scripts/starport.sh start|serve|dev|test" >&2
    exit 2
    ;;
esac
