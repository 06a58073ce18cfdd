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
)
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "install-deps: ${#packages[@]} packages present"
