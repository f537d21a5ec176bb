#!/usr/bin/env bash
# The README's "fresh Debian machine" promise, checked for real (issue 23 item 7): every machine
# we work on already carries most of FigBoard's packages, so this builds a bare Debian bookworm
# root with debootstrap (minbase: no python, no node, no fonts), puts a clone of this repository's
# HEAD in it and runs, inside it and timed:
#
#   1. Node as the README says, from the npm registry (scripts/install-node.sh 20)
#   2. README command 1:  bash scripts/install.sh && npm run main
#   3. README command 2:  bash scripts/install.sh && npm test
#   4. the Action image's install steps (action/Dockerfile's COPY set and RUN lines) on Node 24,
#      the image's Node, then the CLI and the Action entry point from that install
#   5. README command 2 again on Node 24, in a second clone
#
# Not part of `npm test` (it needs root, debootstrap, the Debian mirror and about an hour on two
# cores). Run as root from the repository root:
#
#   bash scripts/fresh-root-check.sh [ROOT_DIR]      default /var/tmp/figboard-fresh-root
#   FRESH_STEPS="1 2 4" bash scripts/fresh-root-check.sh   only some steps (1 is needed once)
#
# The root is entered with unshare and pivot_root, with a /proc of its own — not chroot, and not
# bubblewrap: the style sandbox inside it makes user namespaces and mounts a proc, which the
# kernel refuses to a chrooted process and under another sandbox's proc. Log: ROOT_DIR.log.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
root="${1:-/var/tmp/figboard-fresh-root}"
log="${root%/}.log"
steps="${FRESH_STEPS:-1 2 3 4 5}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [ "$(id -u)" -ne 0 ]; then echo "fresh-root-check: run as root" >&2; exit 2; fi
for tool in debootstrap unshare git; do
  command -v "$tool" >/dev/null || { echo "fresh-root-check: needs $tool (apt-get install debootstrap util-linux git)" >&2; exit 2; }
done

say() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$log"; }

# Runs a shell command inside the root as root, output appended to the log; prints its time.
inroot() { # name, command
  local name="$1" cmd="$2" t0 rc
  say "step: $name"
  say "  \$ $cmd"
  t0=$(date +%s)
  set +e
  # a mount and pid namespace of its own, the root's own /proc, then pivot_root into it
  unshare --mount --pid --fork --propagation private /bin/bash -c '
    set -e
    r="$1"
    mount --bind "$r" "$r"
    mount -t proc proc "$r/proc"
    mount --rbind /dev "$r/dev"
    mount --rbind /sys "$r/sys"
    mount -t tmpfs tmpfs "$r/dev/shm"
    touch "$r/etc/resolv.conf" && mount --bind /etc/resolv.conf "$r/etc/resolv.conf"
    cd "$r" && mkdir -p .oldroot && pivot_root . .oldroot && cd /
    umount -l /.oldroot
    shift
    exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
      LANG=C.UTF-8 TERM=dumb CI=true "$@"' enter "$root" "${extra_env[@]}" /bin/bash -lc "$cmd" >>"$log" 2>&1
  rc=$?
  set -e
  say "  -> exit $rc in $(( $(date +%s) - t0 )) s"
  return $rc
}

: >"$log"
say "fresh-root-check: repository $(git rev-parse HEAD), root $root"

if [ ! -x "$root/bin/bash" ]; then
  t0=$(date +%s)
  debootstrap --variant=minbase --include=ca-certificates,curl bookworm "$root" "$mirror" >>"$log" 2>&1
  say "debootstrap bookworm minbase: $(( $(date +%s) - t0 )) s, $(du -sh "$root" | cut -f1)"
  # the sources a Debian 12 install has: main, updates and security
  cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
fi
# debootstrap leaves out what the installer (or a container runtime) writes: name resolution of
# localhost, which the site build and the tests' local servers need, and a host name.
[ -s "$root/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
[ -s "$root/etc/hostname" ] || echo figboard-fresh >"$root/etc/hostname"
# This machine's network reaches the registries through a TLS-inspecting egress proxy: its CA
# certificates (in the host's /usr/local/share/ca-certificates) go into the root, as they would on
# any machine of that network. Nothing else of the host does.
extra_env=()
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  extra_env=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
  inroot "the network's CA certificates" "update-ca-certificates >/dev/null && echo ok"
fi
say "in the root before: node=$( [ -x "$root/usr/local/bin/node" ] && echo yes || echo no) python3=$( [ -x "$root/usr/bin/python3" ] && echo yes || echo no) soffice=$( [ -x "$root/usr/bin/soffice" ] && echo yes || echo no)"

# a clean clone of HEAD (what CI checks out), and the install-node script from it
fresh_clone() { # dest inside root
  rm -rf "$root$1"
  git clone --quiet --no-hardlinks "$repo" "$root$1"
  git -C "$root$1" log -1 --format='  clone %h %s' | tee -a "$log"
}

status=0
for step in $steps; do
  case "$step" in
    1) fresh_clone /figboard
       inroot "Node 20 from the npm registry" "bash /figboard/scripts/install-node.sh 20 && node -v && npm -v" || status=1 ;;
    2) inroot "README command 1 (Node 20)" "cd /figboard && bash scripts/install.sh && npm run main" || status=1 ;;
    3) inroot "README command 2 (Node 20)" "cd /figboard && bash scripts/install.sh && npm test" || status=1 ;;
    4) # action/Dockerfile: the same COPY set into /figboard-image, the same RUN lines, Node 24
       rm -rf "$root/figboard-image" && mkdir -p "$root/figboard-image/scripts" "$root/figboard-image/site" "$root/figboard-image/test"
       for f in package.json package-lock.json .npmrc tsconfig.json figboard.yml scripts/install.sh scripts/install-system.sh site/package.json test/package.json; do
         git -C "$repo" show "HEAD:$f" >"$root/figboard-image/$f"
       done
       for d in evaluator action bot; do git -C "$repo" archive HEAD "$d" | tar -x -C "$root/figboard-image"; done
       inroot "Action image install steps (Node 24)" \
         "bash /figboard/scripts/install-node.sh 24 /opt/node24 && export PATH=/opt/node24/bin:\$PATH NODE_ENV=production && cd /figboard-image && bash scripts/install-system.sh && bash scripts/install.sh --production && npm cache clean --force && node evaluator/bin/refig.js --version && { node action/bin/run.js; test \$? -ne 0; }" || status=1 ;;
    5) fresh_clone /figboard-node24
       inroot "README command 2 (Node 24)" \
         "bash /figboard/scripts/install-node.sh 24 /opt/node24 && export PATH=/opt/node24/bin:\$PATH && node -v && cd /figboard-node24 && bash scripts/install.sh && npm test" || status=1 ;;
    *) say "unknown step $step"; status=2 ;;
  esac
done
say "fresh-root-check: $([ $status -eq 0 ] && echo passed || echo FAILED)"
exit $status
