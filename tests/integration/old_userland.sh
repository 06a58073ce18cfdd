#!/usr/bin/env bash
# opscope-cli in an older userland: a Debian 11 (bullseye, glibc 2.31) chroot made with debootstrap from
# Debian's archive. Two CTest tests use it (tests/CMakeLists.txt):
#   old_userland.sh prepare DIR                 makes DIR/bullseye once (FIXTURES_SETUP; reused while present)
#   old_userland.sh run DIR CLI FIXTURES        checks CLI's dynamic section, then runs its summary and
#                                               import of a real capture inside the chroot
# debootstrap and chroot need root: as root, or through passwordless sudo (CI). Without either, or without
# debootstrap, both exit 77 (CTest's SKIP_RETURN_CODE) with the reason. Nothing is mounted: the CLI's
# summary and import need neither /proc nor /dev inside the chroot, so nothing is left to unmount.
set -euo pipefail

skip() {
  echo "skipped: $*"
  exit 77
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    skip "debootstrap and chroot need root, and this user is not root and has no passwordless sudo"
  fi
fi

suite=bullseye
mode=${1:-}
dir=${2:-}
[ -n "$mode" ] && [ -n "$dir" ] || fail "usage: $0 prepare DIR | run DIR CLI FIXTURES"
root="$dir/$suite"
ready="$dir/$suite.ready" # written once debootstrap has finished: a half-made chroot is made again

prepare() {
  if [ -f "$ready" ]; then
    echo "reusing the $suite chroot in $root (made $(cat "$ready"))"
    return
  fi
  local debootstrap
  debootstrap=$(PATH="$PATH:/usr/sbin:/sbin" command -v debootstrap) ||
    skip "debootstrap is not installed (Debian: apt-get install debootstrap; packaging/install-deps.sh)"
  local mirror=${OPSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
  mkdir -p "$dir"
  [ -e "$root" ] && "${as_root[@]}" rm -rf --one-file-system "$root"
  echo "making a Debian $suite chroot in $root from $mirror (debootstrap --variant=minbase)"
  local start=$SECONDS
  if ! "${as_root[@]}" "$debootstrap" --variant=minbase "$suite" "$root" "$mirror" >"$dir/$suite.log" 2>&1; then
    tail -20 "$dir/$suite.log" >&2
    fail "debootstrap of $suite from $mirror failed (log: $dir/$suite.log)"
  fi
  date -u +%Y-%m-%dT%H:%M:%SZ >"$ready"
  echo "chroot made in $((SECONDS - start)) s"
}

# What the chosen way (a fully static executable, docs/static-cli.md) allows in the dynamic section:
# nothing at all, so no shared library and no glibc symbol version is asked of the host.
check_dynamic_section() {
  local cli=$1 dynamic
  dynamic=$(readelf -d "$cli" 2>&1) || fail "readelf -d $cli: $dynamic"
  if ! grep -q "There is no dynamic section in this file" <<<"$dynamic"; then
    echo "$dynamic" | grep -E "NEEDED|INTERP" >&2 || true
    fail "$cli has a dynamic section (it needs the libraries above on the host); it must be linked -static"
  fi
  if readelf -l "$cli" | grep -q "INTERP"; then
    fail "$cli asks for a program interpreter (ld.so): it is not a static executable"
  fi
  echo "ok: $cli has no dynamic section and no interpreter (static)"
}

run() {
  local cli=$1 fixtures=$2
  [ -f "$ready" ] || skip "no $suite chroot in $root: see the old_userland_chroot test's message"
  [ -d "$fixtures" ] || skip "the fixtures folder $fixtures is missing (-DOPSCOPE_FIXTURES)"
  [ -x "$cli" ] || fail "$cli is not built (cmake --build build --target opscope-cli)"
  check_dynamic_section "$cli"

  local glibc
  # The whole output, then its first line: `| head -1` could end ldd with SIGPIPE, which pipefail fails.
  glibc=$("${as_root[@]}" chroot "$root" /usr/bin/ldd --version) || fail "ldd --version in the chroot failed"
  glibc=${glibc%%$'\n'*}
  echo "chroot C library: $glibc"
  [[ "$glibc" == *" 2.31" ]] || fail "the chroot's C library is not glibc 2.31: $glibc"

  # A folder of our own in the chroot's /opt, removed on the way out whatever happens.
  local inside="/opt/opscope-test-$$"
  work="$root$inside"
  trap '"${as_root[@]}" rm -rf --one-file-system "$work"' EXIT
  "${as_root[@]}" mkdir -p "$work"
  local capture="$fixtures/h100/gpt4_bf16_infer"
  "${as_root[@]}" cp "$cli" "$work/opscope-cli"
  "${as_root[@]}" cp "$capture/nsys.sqlite" "$capture/ncu_raw.csv" "$work/"

  local out
  out=$("${as_root[@]}" chroot "$root" "$inside/opscope-cli" summary "$inside/nsys.sqlite" 2>&1) ||
    fail "summary in the $suite chroot failed: $out"
  echo "$out"
  grep -qE "^Kernels: +192 \(0 unattributed\)" <<<"$out" || fail "summary: expected 192 kernels, 0 unattributed"
  grep -qE "captured: +46, with operator 46, with module 46" <<<"$out" ||
    fail "summary: expected 46 captured kernels, all with operator and module"

  out=$("${as_root[@]}" chroot "$root" "$inside/opscope-cli" import "$inside/nsys.sqlite" "$inside/ncu_raw.csv" \
    -o "$inside/gpt4.opscope" 2>&1) || fail "import in the $suite chroot failed: $out"
  echo "$out"
  grep -q "192 kernels (46 in the captured step, 46 attributed)" <<<"$out" || fail "import: unexpected counts"

  # The file written there opens there, with the 46 ncu rows matched to the captured step's kernels.
  out=$("${as_root[@]}" chroot "$root" "$inside/opscope-cli" summary "$inside/gpt4.opscope" 2>&1) ||
    fail "summary of the imported profile failed: $out"
  grep -qE "captured: +46, with operator 46, with module 46, with counters 46" <<<"$out" ||
    fail "summary of gpt4.opscope: expected the 46 captured kernels with counters: $out"
  echo "ok: summary and import ran in Debian $suite ($glibc)"
}

case "$mode" in
prepare) prepare ;;
run) run "${3:?CLI}" "${4:?FIXTURES}" ;;
*) fail "unknown mode '$mode'" ;;
esac
