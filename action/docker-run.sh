#!/usr/bin/env bash
# Runs the FigBoard Action image the way the Actions runner runs a container action: the
# workspace mounted at /github/workspace, every INPUT_* variable of this step passed through by
# NAME (values never appear on a command line), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY mapped to
# files the step can read afterwards. Extra variables to pass (e.g. judge API keys) are listed
# by name in FIGBOARD_PASS_ENV.
#
# The repository's own workflows use this (after `docker build -f action/Dockerfile .`) instead
# of `uses: ./action`, because a container action is built with its own folder as the build
# context and this image needs the repository root (scripts/, evaluator/).
set -euo pipefail

image="${FIGBOARD_ACTION_IMAGE:-figboard-action:local}"
workspace="${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"
files="$(mktemp -d)"
trap 'rm -rf "$files"' EXIT
: > "$files/output"
: > "$files/summary"

args=(--rm --workdir /github/workspace
  -v "$workspace:/github/workspace"
  -v "$files:/github/file_commands"
  -e GITHUB_WORKSPACE=/github/workspace
  -e GITHUB_OUTPUT=/github/file_commands/output
  -e GITHUB_STEP_SUMMARY=/github/file_commands/summary
  -e GITHUB_ACTIONS -e GITHUB_REPOSITORY -e GITHUB_RUN_ID -e GITHUB_SERVER_URL)
while IFS= read -r name; do
  args+=(-e "$name")
done < <(env | sed -n 's/^\(INPUT_[A-Z0-9_-]*\)=.*/\1/p' | sort -u)
for name in ${FIGBOARD_PASS_ENV:-}; do
  args+=(-e "$name")
done

status=0
docker run "${args[@]}" "$image" || status=$?
# Hand outputs and the summary back to the runner's own files.
if [ -n "${GITHUB_OUTPUT:-}" ]; then cat "$files/output" >> "$GITHUB_OUTPUT"; fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$files/summary" >> "$GITHUB_STEP_SUMMARY"; fi
exit "$status"
