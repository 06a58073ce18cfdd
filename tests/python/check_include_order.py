#!/usr/bin/env python3
"""Fails when a folder of core/ or ui/ includes one it may not.

The allowed order is the `include-order` block of docs/architecture.md: per tree, layers bottom first,
separated by `<`; a folder may include its own files and those of the layers below it, never a folder
of its own layer or above. `allow: FILE HEADER` names one back-edge that exists today and may stay
(anything else fails, so no new one grows quietly). `shared: HEADER` names a private header of core/src
that other folders may include.

A file's folder: in ui/, the first component of its path below ui/ (`.` for the files of ui/ itself);
in core/src/, likewise (`base` for the files of core/src/ itself); a public header
core/include/opscope/NAME.h belongs to the folder of src/**/NAME.cpp, core/include/opscope/SUB/*.h to
SUB, the rest to OWNERS below.

Usage: check_include_order.py [REPO_ROOT]   (exit 0: in order; 1: the offending includes, one a line)
"""

import pathlib
import re
import sys

# Public headers with no .cpp of their own name: the folder that owns them.
OWNERS = {
    "diff.h": "diff",
    "errors.h": "base",
    "format_ids.h": "base",  # the importer table's ids, named by analysis and the GUI too
    "json_input.h": "base",
    "metadata_keys.h": "base",  # every key of a profile's metadata, named by every folder
    "pipeline.h": "pipeline",
    "progress.h": "base",
    "ranks.h": "analysis",
    "remote.h": "remote",
    "text_util.h": "base",
    "trace_export.h": "export",
    "verify.h": "pipeline",
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = (".h", ".hpp", ".cpp")


class Order:
    def __init__(self):
        self.layers = {}  # tree -> {folder: layer number}
        self.allowed = set()  # (file, header)
        self.shared = set()  # private headers of core/src other folders may include


def read_order(doc):
    text = doc.read_text(encoding="utf-8")
    block = re.search(r"```include-order\n(.*?)```", text, re.S)
    if not block:
        raise SystemExit(f"{doc}: no ```include-order block")
    order = Order()
    for number, line in enumerate(block.group(1).splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition(":")
        key, value = key.strip(), value.split()
        if key in ("core", "ui"):
            layers = " ".join(value).split("<")
            order.layers[key] = {f: i for i, layer in enumerate(layers) for f in layer.split()}
        elif key == "allow" and len(value) == 2:
            order.allowed.add(tuple(value))
        elif key == "shared" and len(value) == 1:
            order.shared.add(value[0])
        else:
            raise SystemExit(f"{doc}: include-order block line {number} not understood: {line}")
    for tree in ("core", "ui"):
        if tree not in order.layers:
            raise SystemExit(f"{doc}: the include-order block has no '{tree}:' line")
    return order


def sources(top):
    return sorted(p for p in top.rglob("*") if p.suffix in SOURCES and p.is_file())


def check(root):
    order = read_order(root / "docs" / "architecture.md")
    problems = []

    # core: which folder each file and public header belongs to.
    src, include = root / "core" / "src", root / "core" / "include"
    cpp_folders = {}
    for p in sources(src):
        if p.suffix == ".cpp":
            parts = p.relative_to(src).parts
            cpp_folders.setdefault(p.stem, set()).add(parts[0] if len(parts) > 1 else "base")

    def src_folder(path):
        parts = path.relative_to(src).parts
        return parts[0] if len(parts) > 1 else "base"

    def header_owner(name):  # name: "opscope/x.h" or "opscope/sub/x.h"
        parts = pathlib.PurePosixPath(name).parts[1:]
        if len(parts) > 1:
            return parts[0]
        if parts[0] in OWNERS:
            return OWNERS[parts[0]]
        owners = cpp_folders.get(pathlib.PurePosixPath(parts[0]).stem, set())
        return next(iter(owners)) if len(owners) == 1 else None

    def judge(tree, rel, line, here, there, what):
        layers = order.layers[tree]
        for folder in (here, there):
            if folder not in layers:
                problems.append(f"{rel}:{line}: the folder '{folder}' is not in docs/architecture.md's "
                                f"include-order line for {tree}: add it")
                return
        if here != there and layers[there] >= layers[here] and (rel, what) not in order.allowed:
            kind = "a folder of its own layer" if layers[there] == layers[here] else "a folder above it"
            problems.append(f'{rel}:{line}: {tree} folder \'{here}\' may not include "{what}" of '
                            f"'{there}', {kind} (docs/architecture.md, include-order)")

    for p in sources(src) + sources(include):
        rel = p.relative_to(root).as_posix()
        if p.is_relative_to(include):
            here = header_owner(p.relative_to(include).as_posix())
            if here is None:
                problems.append(f"{rel}: no folder owns this public header: give it a .cpp of its name "
                                f"or an entry in OWNERS of {pathlib.Path(__file__).name}")
                continue
        else:
            here = src_folder(p)
        for line, text in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            m = INCLUDE.match(text)
            if not m:
                continue
            what = m.group(1)
            if what.startswith("opscope/"):
                there = header_owner(what)
                if there is None:
                    if (include / what).exists():
                        problems.append(f"{rel}:{line}: no folder owns {what}: give it a .cpp of its name "
                                        f"or an entry in OWNERS of {pathlib.Path(__file__).name}")
                    continue
                judge("core", rel, line, here, there, what)
                continue
            target = next((c for c in (p.parent / what, src / what) if c.is_file()), None)
            if target is None or not target.resolve().is_relative_to(src.resolve()):
                continue  # a third-party or system header
            target = target.resolve()
            there = src_folder(root / target.relative_to(root.resolve()))
            private = target.relative_to(root.resolve()).as_posix()
            if there != here and private not in order.shared:
                problems.append(f'{rel}:{line}: "{what}" is a private header of core/src/{there}/: folders '
                                f"meet through core/include/opscope/ (or list it as shared: in "
                                f"docs/architecture.md)")
                continue
            judge("core", rel, line, here, there, what)

    # ui: folders below ui/, `.` for its own files; core's headers are below all of them.
    ui = root / "ui"
    for p in sources(ui):
        rel = p.relative_to(root).as_posix()
        parts = p.relative_to(ui).parts
        here = parts[0] if len(parts) > 1 else "."
        for line, text in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            m = INCLUDE.match(text)
            if not m:
                continue
            what = m.group(1)
            target = next((c for c in (p.parent / what, ui / what) if c.is_file()), None)
            if target is None:
                continue  # core's public headers, third-party and system headers
            tparts = target.resolve().relative_to(ui.resolve()).parts
            judge("ui", rel, line, here, tparts[0] if len(tparts) > 1 else ".", what)
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2]).resolve()
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} include(s) against the folder order of docs/architecture.md")
        return 1
    print("includes of core/ and ui/ follow the folder order of docs/architecture.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
