#!/usr/bin/env bash
# Debian packages FigBoard needs at run time and in tests. The same script serves the
# container image (action/Dockerfile), CI (.ci/run) and a newcomer's machine (README).
set -euo pipefail

PACKAGES=(
  libreoffice-impress      # renders decks: soffice --headless --convert-to pdf
  poppler-utils            # pdftoppm, pdfinfo: PDF -> PNG, page count
  ghostscript              # EPS/PS figures in arXiv sources
  tesseract-ocr            # OCR of source figures when a task has no truth.json
  tesseract-ocr-eng
  python3                  # style track: candidate scripts and the introspection harness
  python3-matplotlib
  python3-numpy
  pyflakes3                # npm run check: lints the Python under evaluator/python
  bubblewrap               # style track sandbox (bwrap)
  util-linux               # prlimit
  procps
  fonts-noto-core          # fonts so renders match across machines
  fonts-noto-cjk
  fonts-dejavu-core
  fonts-dejavu-extra       # DejaVu's oblique and condensed faces (a bare root has only core)
  fonts-liberation2
  fonts-crosextra-carlito  # metric-compatible Calibri
  fonts-crosextra-caladea  # metric-compatible Cambria
  chromium                 # site end-to-end tests (playwright-core drives it; no browser download)
  ca-certificates
  git
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-system: all ${#PACKAGES[@]} Debian packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-system: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-system: done"
