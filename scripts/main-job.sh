#!/usr/bin/env bash
# The main job on the bundled sample, the same steps CI runs on a real submission:
#   1. validate every sample and baseline submission (layout, manifest, hashes)
#   2. evaluate it: gate → audit → render → metric judge (refig track) / sandbox → code + vision
#      channels (style track); records land in submissions/<id>/results/
#   3. statistics over all submissions + annotations → leaderboard.json
#   4. build the static site from leaderboard.json → site/dist/
# The sample results are committed (as a merged submission's would be). This job scores the
# samples again from scratch and, in a git checkout, ends by showing whether the new bytes equal
# the committed ones: same inputs → byte-identical results, leaderboard and renders.
# (Outside this job, re-running `refig evaluate` reuses every record whose inputs are unchanged.)
set -euo pipefail
cd "$(dirname "$0")/.."

WORKERS="${FIGBOARD_WORKERS:-2}"
refig() { node evaluator/bin/refig.js "$@"; }

echo "== 0. clear the sample results (they are recomputed below)"
rm -rf submissions/sample-*/results

echo "== 1. validate sample and baseline submissions"
for dir in submissions/sample-*/ submissions/baseline-*/; do
  refig validate "$dir"
done

echo "== 2. evaluate (metric judge; LLM judges run only when their API keys are set)"
for dir in submissions/sample-*/; do
  refig evaluate "$dir" --judges metric --workers "$WORKERS"
done
# The baselines (3 style-real entries × 44 sandboxed scripts: about 3.5 minutes on two cores from
# scratch; baseline-refig-ocr: 46 real figures, about two minutes) keep their committed records:
# evaluate re-derives every record's input hash (script or deck, task data, criteria, judge
# settings, harness, scorer versions) and re-runs only what changed, so an unchanged checkout
# takes seconds and a scoring change recomputes them.
for dir in submissions/baseline-*/; do
  refig evaluate "$dir" --judges metric --workers "$WORKERS"
done

echo "== 3. leaderboard"
refig leaderboard --out leaderboard.json

echo "== 4. site"
npm run build -w site

echo
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && git ls-files --error-unmatch leaderboard.json >/dev/null 2>&1; then
  # The trailing /* matters: a pathspec with a wildcard must match the whole path of each file.
  changed=$(git status --porcelain -- leaderboard.json 'submissions/sample-*/results/*' 'submissions/baseline-*/results/*' | wc -l)
  if [ "$changed" -eq 0 ]; then
    echo "Determinism: results and leaderboard.json are byte-identical to the committed ones."
  else
    echo "Determinism: $changed result file(s) differ from the committed ones (git status -- submissions leaderboard.json)."
  fi
fi
echo "Done. Results: submissions/*/results/   Leaderboard: leaderboard.json   Site: site/dist/ (npm run preview -w site)"
