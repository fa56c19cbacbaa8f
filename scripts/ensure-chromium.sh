#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser downloads cannot work offline),
# and draw the report PDFs' first pages with poppler's pdftoppm (Debian's poppler-utils) to look at.
# A Japanese font (IPA Gothic), so the Japanese screens are drawn in glyphs, not boxes, when the
# language journey checks them for clipped text (decision 052).
set -euo pipefail
missing=()
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then missing+=(chromium); fi
if ! command -v pdftoppm >/dev/null; then missing+=(poppler-utils); fi
if [ ! -d /usr/share/fonts/opentype/ipafont-gothic ]; then missing+=(fonts-ipafont-gothic); fi
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing for the browser tests: run 'sudo apt-get install -y ${missing[*]}' (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
