#!/usr/bin/env bash
# Makes docs/screenshots/*.png by running the explorer on the bundled sample capture, offscreen.
# Usage: docs/make-screenshots.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=docs/screenshots
mkdir -p "$out"
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} OPSCOPE_SCREENSHOTS="$out" "$build/app/opscope"
ls -l "$out"
