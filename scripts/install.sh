#!/usr/bin/env bash
# Everything FigBoard needs on a fresh Debian machine with Node 20+: Debian packages, the npm
# workspaces exactly as locked, then the compiled CLI, Action and bot (esbuild, about a second).
# Safe to run again; it skips what is already there.
#
#   bash scripts/install.sh               a development checkout (README, .ci/run)
#   bash scripts/install.sh --production  the Action image (action/Dockerfile): only the evaluator,
#                                         action and bot workspaces, no dev dependencies
set -euo pipefail
cd "$(dirname "$0")/.."

mode=development
case "${1:-}" in
  "") ;;
  --production) mode=production ;;
  *) echo "install: unknown option $1 (expected --production or nothing)" >&2; exit 2 ;;
esac

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "install: Node.js 20 or newer is required (found $(node -v 2>/dev/null || echo none))" >&2
  exit 1
fi

# 1. Debian packages (one list, shared with CI and the image).
bash scripts/install-system.sh

# 2. npm ci only when the lockfile (or the mode) changed since the last install (keeps re-runs fast).
stamp=node_modules/.figboard-lock-sha
want="$(sha256sum package-lock.json | cut -d' ' -f1) $mode"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  if [ "$mode" = production ]; then
    npm ci --omit=dev --no-audit --no-fund --workspace=evaluator --workspace=action --workspace=bot
  else
    npm ci --no-audit --no-fund
  fi
  echo "$want" > "$stamp"
else
  echo "install: node_modules up to date"
fi

# 2b. The agent toolbox (PptxGenJS for reconstruction agents, docs/SUBMITTING.md), development
#     checkouts only: its own lockfile, outside the workspaces; the tests run its documented snippet.
if [ "$mode" = development ]; then
  tstamp=toolbox/node_modules/.figboard-lock-sha
  twant="$(sha256sum toolbox/package-lock.json | cut -d' ' -f1)"
  if [ ! -f "$tstamp" ] || [ "$(cat "$tstamp")" != "$twant" ]; then
    npm ci --prefix toolbox --no-audit --no-fund
    echo "$twant" > "$tstamp"
  fi
fi

# 3. Compile: evaluator/dist (the refig CLI), action/dist, bot/dist. The bins check the build
#    against the sources at every start and rebuild a stale one, so this only saves the first run.
node evaluator/scripts/build.mjs
