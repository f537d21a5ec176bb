#!/usr/bin/env bash
# The main job on the bundled sample, the same steps CI runs on a real submission:
#   1. validate every sample submission (layout, manifest, hashes)
#   2. evaluate it: gate → audit → render → metric judge (refig track) / sandbox → code + vision
#      channels (style track); records land in submissions/<id>/results/
#   3. statistics over all submissions + annotations → leaderboard.json
#   4. build the static site from leaderboard.json → site/dist/
# Re-running is cheap: records are content-addressed and resumed, so unchanged inputs are not
# scored twice. Same inputs give byte-identical results and leaderboard.
set -euo pipefail
cd "$(dirname "$0")/.."

WORKERS="${FIGBOARD_WORKERS:-2}"
refig() { node evaluator/bin/refig.js "$@"; }

echo "== 1. validate sample submissions"
for dir in submissions/sample-*/; do
  refig validate "$dir"
done

echo "== 2. evaluate (metric judge; LLM judges run only when their API keys are set)"
for dir in submissions/sample-*/; do
  refig evaluate "$dir" --judges metric --workers "$WORKERS"
done

echo "== 3. leaderboard"
refig leaderboard --out leaderboard.json

echo "== 4. site"
npm run build -w site

echo
echo "Done. Results: submissions/*/results/   Leaderboard: leaderboard.json   Site: site/dist/ (npm run preview -w site)"
