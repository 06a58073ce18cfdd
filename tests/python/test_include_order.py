#!/usr/bin/env python3
"""The include-order check fails on a wrong include: on a copy of core/, ui/ and docs/architecture.md it
passes as the tree is, then each deliberately wrong include below makes it fail, naming the file."""

import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHECK = HERE / "check_include_order.py"

# (file to add the include to, the include, words the failure must say)
WRONG = [
    ("ui/common/palette.cpp", '#include "main_window.h"', "ui folder 'common' may not include"),
    ("ui/timeline/timeline_model.cpp", '#include "models/profile_analysis.h"', "a folder above it"),
    ("ui/compare/compare_window.cpp", '#include "sweep/sweep_window.h"', "a folder of its own layer"),
    ("core/src/format.cpp", '#include "opscope/cli.h"', "core folder 'base' may not include"),
    ("core/include/opscope/profile.h", '#include "opscope/insights.h"', "core folder 'base' may not include"),
    ("core/src/analysis/stats.cpp", '#include "../import/nsys/nsys_sqlite_internal.h"', "private header"),
]


def run(root):
    return subprocess.run([sys.executable, str(CHECK), str(root)], capture_output=True, text=True)


def main():
    with tempfile.TemporaryDirectory(prefix="include_order_") as tmp:
        copy = pathlib.Path(tmp)
        for part in ("core/src", "core/include", "ui"):
            shutil.copytree(ROOT / part, copy / part)
        (copy / "docs").mkdir()
        shutil.copy(ROOT / "docs/architecture.md", copy / "docs/architecture.md")

        clean = run(copy)
        if clean.returncode != 0:
            print("the check fails on the unchanged tree:\n" + clean.stdout + clean.stderr)
            return 1
        failures = 0
        for path, include, words in WRONG:
            target = copy / path
            original = target.read_text(encoding="utf-8")
            lines = original.splitlines(keepends=True)
            lines.insert(1, include + "\n")  # after the first line (its own header or #pragma once)
            target.write_text("".join(lines), encoding="utf-8")
            result = run(copy)
            target.write_text(original, encoding="utf-8")
            said = result.stdout + result.stderr
            if result.returncode == 1 and f"{path}:2:" in said and words in said:
                print(f"fails as it should on {path}: {said.splitlines()[0]}")
            else:
                failures += 1
                print(f"did not fail as it should on {include} in {path} (exit {result.returncode}):\n{said}")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
