"""The partition map: groups of structurally identical layers, for dedup-aware replay.

Two module instances are one group when they have the same class and hyperparameters
(extra_repr), the same parameters and buffers (names, shapes, dtypes), the same children (names and,
recursively, the same signature) and were called the same way during the captured steps (the same
number of calls with the same input shapes and dtypes). Only maximal groups are written: the four
`blocks.*` of a GPT form one group, and their `attn` children are not listed again.
"""

import json
import os

from .labels import ROOT_NAME

FORMAT = "opscope-partition-map"
VERSION = 1


def _shape_list(named):
    out = []
    for name, tensor in named:
        if tensor is None:
            continue
        try:
            shape = tuple(tensor.shape)
        except Exception:  # lazy modules: parameters without a shape yet
            shape = ("?",)
        out.append((name, shape, str(getattr(tensor, "dtype", "?"))))
    return tuple(out)


def structural_signature(module, memo):
    key = id(module)
    if key in memo:
        return memo[key]
    try:
        extra = module.extra_repr()
    except Exception:
        extra = ""
    signature = (
        type(module).__module__,
        type(module).__qualname__,
        extra,
        _shape_list(module.named_parameters(recurse=False)),
        _shape_list(module.named_buffers(recurse=False)),
        tuple((name, structural_signature(child, memo)) for name, child in module.named_children()),
    )
    memo[key] = signature
    return signature


def _depth(path):
    return 0 if path == ROOT_NAME else path.count(".") + 1


def _is_ancestor(ancestor, path):
    if ancestor == ROOT_NAME:
        return path != ROOT_NAME
    return path.startswith(ancestor + ".")


def _group_name(paths, cls, taken):
    parts = [p.split(".") for p in paths]
    name = None
    if len({len(p) for p in parts}) == 1:
        pattern = []
        for column in zip(*parts):
            if len(set(column)) == 1:
                pattern.append(column[0])
            elif all(c.isdigit() for c in column):
                pattern.append("*")
            else:
                pattern = None
                break
        if pattern is not None:
            name = "%s[%s]" % (".".join(pattern), cls)
    if name is None:
        name = "%s[%s]" % (paths[0], cls) + " x%d" % len(paths)
    base, n = name, 2
    while name in taken:
        name = "%s #%d" % (base, n)
        n += 1
    return name


def compute_groups(captured_modules):
    """captured_modules: (module, path, class, input signatures) in first-call order."""
    memo = {}
    buckets = {}
    order = []
    for module, path, cls, calls in captured_modules:
        key = (structural_signature(module, memo), tuple(calls))
        if key not in buckets:
            buckets[key] = []
            order.append(key)
        buckets[key].append((path, cls, len(calls)))
    candidates = [buckets[k] for k in order if len(buckets[k]) >= 2]
    # Outer groups first (by their deepest member: a group may mix depths, like the LayerNorms of
    # every block and the final one); a member inside a member of a kept group (blocks.1.attn inside
    # blocks.1) is covered by that group and left out, so no kernel belongs to two groups.
    candidates.sort(key=lambda members: max(_depth(path) for path, _, _ in members))
    kept_paths = []
    groups = []
    taken = set()
    for members in candidates:
        members = [m for m in members if not any(_is_ancestor(outer, m[0]) for outer in kept_paths)]
        if len(members) < 2:
            continue
        paths = [path for path, _, _ in members]
        kept_paths.extend(paths)
        cls = members[0][1]
        name = _group_name(paths, cls, taken)
        taken.add(name)
        groups.append(
            {
                "name": name,
                "class": cls,
                "representative": paths[0],
                "members": paths,
                "labels": ["%s[%s]" % (p, cls) for p in paths],
                "calls_per_member": members[0][2],
            }
        )
    return groups


def write_partition_map(path, captured_modules, root_label):
    groups = compute_groups(captured_modules)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "root": root_label,
        "modules_called": len(captured_modules),
        "groups": groups,
    }
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)
    return groups



def backward_range_name(path):
    """The start/end range that spans the backward pass of the layer at `path` (see labels.py)."""
    return "%s backward" % path


def backward_labels(path):
    """Forward label -> backward range name, for every group member of a partition map."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("format") != FORMAT:
        raise ValueError("%s is not an OpScope partition map" % path)
    out = {}
    for group in data.get("groups", []):
        for member, label in zip(group.get("members", []), group.get("labels", [])):
            out[label] = backward_range_name(member)
    return out
