#!/usr/bin/env bash
# Everything FigBoard needs on a fresh Debian machine with Node 20: Debian packages, then the
# npm workspaces exactly as locked. Safe to run again; it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "install: Node.js 20 or newer is required (found $(node -v 2>/dev/null || echo none))" >&2
  exit 1
fi

bash scripts/install-system.sh

# npm ci only when the lockfile changed since the last install (keeps re-runs fast).
stamp=node_modules/.figboard-lock-sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
else
  echo "install: node_modules up to date"
fi
