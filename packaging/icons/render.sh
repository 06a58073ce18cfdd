#!/usr/bin/env bash
# Renders the PNG icons from opscope.svg. The PNGs are kept in the tree so that building needs no
# SVG renderer; run this (needs rsvg-convert from librsvg2-bin) after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 32 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" opscope.svg --output "opscope-$size.png"
done
