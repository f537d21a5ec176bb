#!/usr/bin/env bash
# Installs Node.js and npm from the npm registry alone (no nodejs.org, no NodeSource), for a
# machine whose only way out is the npm registry — the README's "fresh Debian machine" path when
# Node is not there yet. Versions and sha512 digests are pinned here; a tarball that does not
# match its digest is refused before anything is unpacked.
#
#   bash scripts/install-node.sh 20 [PREFIX]    Node 20 (the project's .nvmrc), default PREFIX /usr/local
#   bash scripts/install-node.sh 24 [PREFIX]    Node 24 (the Action image's LTS)
#
# Needs curl, tar, gzip, coreutils (sha512sum, basenc, base64): a Debian minbase root has all of
# them but curl (`apt-get install curl ca-certificates`).
set -euo pipefail

major="${1:-}"
prefix="${2:-/usr/local}"
registry="${NPM_CONFIG_REGISTRY:-https://registry.npmjs.org}"
registry="${registry%/}"

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "install-node: unsupported machine $(uname -m) (x86_64 or aarch64)" >&2; exit 2 ;;
esac

# version, then sha512 (the registry's dist.integrity) per architecture
case "$major" in
  20) version=20.20.2
      x64=PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==
      arm64=LCXJnNTFiyGuYBw2gZSI5OBFMbkjAPt8sqD/NKrWoE2QmDgSubTqFng6GaNJ9EJ8HpxBMGcWWpbbcs4Vo+CnGg== ;;
  24) version=24.22.3
      x64=KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
      arm64=IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw== ;;
  *) echo "install-node: usage: install-node.sh 20|24 [PREFIX] (got '${major}')" >&2; exit 2 ;;
esac
node_sha512="${!arch}"
npm_version=11.19.1
npm_sha512=ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fetch() { # url file sha512-base64
  curl -fsSL --retry 3 -o "$2" "$1"
  local got
  got="$(sha512sum "$2" | cut -d' ' -f1 | tr 'a-f' 'A-F' | basenc --base16 -d | base64 -w0)"
  if [ "$got" != "$3" ]; then
    echo "install-node: $1: sha512 mismatch (expected $3, got $got); nothing installed" >&2
    exit 1
  fi
}

fetch "$registry/node-linux-$arch/-/node-linux-$arch-$version.tgz" "$work/node.tgz" "$node_sha512"
fetch "$registry/npm/-/npm-$npm_version.tgz" "$work/npm.tgz" "$npm_sha512"

mkdir -p "$prefix/bin" "$prefix/lib/node_modules/npm" "$prefix/include"
tar -xzf "$work/node.tgz" -C "$work"
install -m 0755 "$work/package/bin/node" "$prefix/bin/node"
cp -R "$work/package/include/node" "$prefix/include/"
rm -rf "$prefix/lib/node_modules/npm"
mkdir -p "$prefix/lib/node_modules/npm"
tar -xzf "$work/npm.tgz" -C "$prefix/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$prefix/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$prefix/bin/npx"
echo "install-node: node $("$prefix/bin/node" -v), npm $("$prefix/bin/node" "$prefix/lib/node_modules/npm/bin/npm-cli.js" -v) in $prefix"
