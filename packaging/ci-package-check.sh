#!/usr/bin/env bash
# Builds the Debian package from a build folder and checks it the way a user meets it: lintian (no
# errors), desktop-file-validate and appstreamcli on the shipped files, `apt-get install` of the .deb,
# then the installed /usr/bin/opscope run on the installed sample profile.
#
#   bash packaging/ci-package-check.sh [BUILD_DIR]      (default: build; as root or through sudo)
#
# The build folder is re-configured with -DCMAKE_INSTALL_PREFIX=/usr (only the resource path
# compiled into the explorer changes). The package is removed again at the end unless
# OPSCOPE_KEEP_PACKAGE=1 is set or it was installed before.
set -euo pipefail

build_dir=$(cd "${1:-build}" && pwd)
out_dir="$build_dir/package"
started=$SECONDS
as_root=(env DEBIAN_FRONTEND=noninteractive)
[ "$(id -u)" -eq 0 ] || as_root=(sudo env DEBIAN_FRONTEND=noninteractive)

step() { echo "== [$((SECONDS - started))s] $*"; }
fail() { echo "ci-package-check: FAILED: $*" >&2; exit 1; }

step "configure $build_dir for /usr and build what the package holds"
build_log=$(mktemp)
cmake -DCMAKE_INSTALL_PREFIX=/usr "$build_dir" >"$build_log" 2>&1 &&
  cmake --build "$build_dir" -j"$(nproc)" --target opscope opscope-cli opscope_docs >>"$build_log" 2>&1 ||
  { tail -n 40 "$build_log"; fail "build"; }
rm -f "$build_log"

step "cpack -G DEB"
rm -rf "$out_dir"
(cd "$build_dir" && cpack -G DEB -B "$out_dir" >/dev/null)
debs=("$out_dir"/opscope_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one opscope_*.deb in $out_dir"
deb=${debs[0]}
version=$(dpkg-deb --field "$deb" Version)
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes"
echo "Depends: $(dpkg-deb --field "$deb" Depends)"

step "lintian"
lintian_log="$out_dir/lintian.log"
lintian_status=0
# Its own temporary folder: lintian leaves a database file (mldbm-elf-*) in TMPDIR on every run.
mkdir -p "$out_dir/lintian-tmp"
TMPDIR="$out_dir/lintian-tmp" lintian --fail-on error --display-info "$deb" >"$lintian_log" 2>&1 || lintian_status=$?
rm -rf "$out_dir/lintian-tmp"
grep -v '^running with root privileges' "$lintian_log" || true
echo "lintian: $(grep -c '^E:' "$lintian_log" || true) errors, $(grep -c '^W:' "$lintian_log" || true) warnings," \
  "$(grep -c '^I:' "$lintian_log" || true) notes"
[ "$lintian_status" -eq 0 ] || fail "lintian reported errors"

step "desktop entry and AppStream metadata (as shipped)"
root="$out_dir/root"
dpkg-deb --extract "$deb" "$root"
desktop_log=$(desktop-file-validate "$root/usr/share/applications/opscope.desktop" 2>&1) ||
  fail "desktop-file-validate: $desktop_log"
[ -z "$desktop_log" ] || fail "desktop-file-validate: $desktop_log"
appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.opscope.OpScope.metainfo.xml" ||
  fail "appstreamcli validate"
appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
for size in 16x16 32x32 48x48 64x64 128x128 256x256; do
  file "$root/usr/share/icons/hicolor/$size/apps/opscope.png" | grep -q "PNG image data, ${size/x/ x }," ||
    fail "icon $size is not a ${size} PNG"
done

step "apt-get install ./$(basename "$deb")"
was_installed=$(dpkg-query -W -f='${Status}' opscope 2>/dev/null | grep -c 'ok installed' || true)
(cd "$out_dir" && "${as_root[@]}" apt-get install -y -qq --reinstall ./"$(basename "$deb")" >/dev/null)
if [ "$was_installed" -eq 0 ] && [ "${OPSCOPE_KEEP_PACKAGE:-0}" != 1 ]; then
  trap '"${as_root[@]}" apt-get remove -y -qq opscope >/dev/null && echo "removed opscope again"' EXIT
fi
[ "$(dpkg-query -W -f='${Version}' opscope)" = "$version" ] || fail "opscope $version is not installed"

step "run the installed opscope"
/usr/bin/opscope --version | tee "$out_dir/version.txt"
python3 - "$out_dir/version.txt" "${version%-*}" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
expected = "opscope " + sys.argv[2]
assert lines[0] == expected, f"first line {lines[0]!r}, expected {expected!r}"
for pattern in (r"profile file format \d+$", r"SQLite 3\.\d+\.\d+$", r"Qt 6\.\d+\.\d+$"):
    assert any(re.match(pattern, line) for line in lines), f"no line matching {pattern!r}"
EOF
dpkg -L opscope | grep -qx /usr/share/man/man1/opscope.1.gz || fail "the package has no manual page"
# Minimal container images leave out /usr/share/man (dpkg path-exclude) or man-db.
if [ -f /usr/share/man/man1/opscope.1.gz ] && command -v man >/dev/null; then
  man -w opscope | grep -qx /usr/share/man/man1/opscope.1.gz || fail "man opscope does not find the manual"
fi

sample=/usr/share/opscope/samples/conv_block/profile.json # where the explorer looks for it
/usr/bin/opscope summary "$sample" --json >"$out_dir/summary.json"
# Compare with counts taken from the sample itself.
python3 - "$sample" "$out_dir/summary.json" <<'EOF'
import json, sys
profile = json.load(open(sys.argv[1]))
summary = json.load(open(sys.argv[2]))
kernels = [k for op in profile["operators"] for k in op["kernels"]] + profile["unattributed_kernels"]
expected = {
    "source_format": "operator-profiler-json",
    "operator_count": len(profile["operators"]),
    "kernel_count": len(kernels),
    "unattributed_kernel_count": len(profile["unattributed_kernels"]),
    "total_kernel_time_ns": sum(k["duration_ns"] for k in kernels),
}
for key, value in expected.items():
    assert summary[key] == value, f"summary {key} = {summary[key]!r}, expected {value!r}"
print("summary of the installed sample:", ", ".join(f"{k} {v}" for k, v in expected.items()))
EOF

if [ -f /usr/share/mime/globs2 ]; then # shared-mime-info present: the trigger registered our types
  for glob in "application/x-opscope:\*.opscope" "application/x-nsys-rep:\*.nsys-rep" \
              "application/x-ncu-rep:\*.ncu-rep" "application/x-pytorch-trace+json:\*.pt.trace.json"; do
    grep -q ":$glob\$" /usr/share/mime/globs2 || fail "MIME glob $glob not registered"
  done
  echo "MIME types registered"
fi

step "package check passed"
