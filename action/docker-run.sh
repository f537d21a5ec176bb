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
#
# Security options: exactly what bubblewrap (the style sandbox, and LibreOffice's network
# isolation) needs inside the container, nothing more (see docs/SECURITY.md):
#   seccomp=unconfined   Docker's default profile refuses clone/unshare with namespace flags and
#                        mount to a process without CAP_SYS_ADMIN, so bwrap cannot build its
#                        namespaces. Inside them FigBoard installs its own, narrower filter.
#   apparmor=unconfined  the docker-default AppArmor profile denies the mounts bwrap makes.
#   no-new-privileges    nothing in the image needs setuid.
# No --privileged, no extra capabilities, no host namespaces.
#
#   bash action/docker-run.sh                  run the Action (INPUT_* from the environment)
#   bash action/docker-run.sh --check-sandbox  prove the sandbox works in the container first
set -euo pipefail

SECURITY_OPTS=(--security-opt seccomp=unconfined --security-opt apparmor=unconfined --security-opt no-new-privileges)

image="${FIGBOARD_ACTION_IMAGE:-figboard-action:local}"

if [ "${1:-}" = "--check-sandbox" ]; then
  # Fails loudly (exit 1, the missing isolation named) instead of scoring without a sandbox.
  exec docker run --rm "${SECURITY_OPTS[@]}" --entrypoint node "$image" \
    /figboard/evaluator/bin/refig.js sandbox check
fi

workspace="${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"
files="$(mktemp -d)"
trap 'rm -rf "$files"' EXIT
: > "$files/output"
: > "$files/summary"

args=(--rm --workdir /github/workspace "${SECURITY_OPTS[@]}"
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
