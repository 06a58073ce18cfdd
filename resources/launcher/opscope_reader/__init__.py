"""Read OpScope's .opscope profiles from Python: kernels, operators, modules, counters and ranks as pandas
DataFrames (plain lists of dicts when pandas is not installed).

    from opscope_reader import load
    p = load("run.opscope")
    captured = p.modules[p.modules.step == "captured"]
    print(captured.groupby("path").gpu_time_ns.sum().nlargest(10))

Pure Python (the standard library's sqlite3); no OpScope build needed. The file layout is docs/schema.md;
this reader reads format versions 1 to FORMAT_VERSION and refuses newer files with a clear error.
Times are int64 nanoseconds on the capture's own clock; counters are in base units (see the unit column).
"""

import os
import sqlite3

__all__ = ["load", "Profile", "OpScopeFileError", "FORMAT_VERSION"]

FORMAT_VERSION = 1  # PRAGMA user_version this reader understands (kProfileFormatVersion in profile_store.h)
APPLICATION_ID = 0x4F505343  # PRAGMA application_id of every .opscope file ("OPSC")
NO_INDEX = 0xFFFFFFFF  # a reference to no row (kNoIndex)
# The budget of SQLite steps a read may take: as OpScope's (sql::Database in core/src/store/sqlite_util.h).
_BASE_STEPS = 1 << 26
_STEPS_PER_BYTE = 20
_STEPS_PER_CHECK = 4096
NO_STRING = 0xFFFFFFFF  # no text (kNoString)

METHODS = ["unattributed", "torch_profiler", "nvtx", "inductor_fusion", "name_heuristic", "runtime"]
CONFIDENCES = ["unattributed", "low", "medium", "high"]
KERNEL_OUTSIDE_CAPTURE = 1
KERNEL_REFERENCE_STEP = 2
OPERATOR_BACKWARD = 4


class OpScopeFileError(Exception):
    """The file is missing, not an OpScope profile, damaged, or written by a newer OpScope."""


class Profile:
    """One profile: kernels, operators, modules, counters, ranks (DataFrames, or lists of dicts), plus
    metadata (dict), metrics (name -> unit), warnings (list) and info (writer, source)."""

    def __init__(self, tables, metadata, metrics, warnings, info):
        self.kernels = tables["kernels"]
        self.operators = tables["operators"]
        self.modules = tables["modules"]
        self.counters = tables["counters"]
        self.ranks = tables["ranks"]
        self.metadata = metadata
        self.metrics = metrics
        self.warnings = warnings
        self.info = info

    def __repr__(self):
        return "<opscope_reader.Profile: %d kernels, %d operators, %d module calls, %d counter values>" % (
            len(self.kernels), len(self.operators), len(self.modules), len(self.counters))


def _open(path):
    if not os.path.isfile(path):
        raise OpScopeFileError("%s: no such file" % path)
    with open(path, "rb") as f:
        head = f.read(16)
    if head != b"SQLite format 3\x00":
        raise OpScopeFileError("%s: not an OpScope profile (not an SQLite database)" % path)
    # Read as OpScope reads files from outside (core/src/store/sqlite_util.h): immutable (nothing is written
    # beside the file, whatever its journal mode), tables only (OpScope writes no view or trigger), no
    # computed column, and every query within a budget of SQLite steps that grows with the file.
    quoted = path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    db = sqlite3.connect("file:%s?mode=ro&immutable=1" % quoted, uri=True)
    budget = [_BASE_STEPS + _STEPS_PER_BYTE * os.path.getsize(path)]

    def spend():
        budget[0] -= _STEPS_PER_CHECK
        return 1 if budget[0] < 0 else 0

    db.set_progress_handler(spend, _STEPS_PER_CHECK)
    try:
        other = db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger') LIMIT 1").fetchone()
        computed = db.execute("SELECT m.name, x.name FROM sqlite_master m JOIN pragma_table_xinfo(m.name) x "
                              "WHERE m.type = 'table' AND x.hidden = 2 LIMIT 1").fetchone()
    except sqlite3.DatabaseError as e:
        db.close()
        raise OpScopeFileError("%s: damaged OpScope profile (%s)" % (path, e))
    if other or computed:
        db.close()
        what = "a %s, %s" % other if other else "a computed column, %s.%s" % computed
        raise OpScopeFileError("%s: damaged OpScope profile (it holds %s: OpScope writes tables only)" % (path, what))
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if app_id != APPLICATION_ID:
        db.close()
        raise OpScopeFileError("%s: not an OpScope profile (an SQLite database of another program)" % path)
    if version > FORMAT_VERSION:
        db.close()
        raise OpScopeFileError("%s: written by a newer OpScope (file format %d; this reader reads up to %d)"
                               % (path, version, FORMAT_VERSION))
    if version < 1:
        db.close()
        raise OpScopeFileError("%s: damaged OpScope profile (no format version)" % path)
    return db, lambda: budget[0] < 0


def _rows(db, table):
    cursor = db.execute("SELECT * FROM %s ORDER BY row" % table)
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, values)) for values in cursor]


def _step(flags):
    if flags & KERNEL_REFERENCE_STEP:
        return "reference"
    if flags & KERNEL_OUTSIDE_CAPTURE:
        return "outside capture"
    return "captured"


def load(path, pandas=None):
    """Reads an .opscope file. pandas=None: DataFrames when pandas can be imported, else lists of dicts;
    True or False forces one or the other."""
    db, over_budget = _open(path)
    try:
        strings = [v for (v,) in db.execute("SELECT value FROM strings ORDER BY id")]
        info = dict(db.execute("SELECT key, value FROM info"))
        metadata = {k: v for k, v in db.execute("SELECT key, value FROM metadata ORDER BY row")}
        warnings = [t for (t,) in db.execute("SELECT text FROM warnings ORDER BY row")]
        raw = {t: _rows(db, t) for t in ("devices", "threads", "kernels", "operators", "modules", "metrics",
                                         "kernel_counters")}
    except sqlite3.DatabaseError as e:
        if over_budget():
            raise OpScopeFileError("%s: reading it took more than %d steps of SQLite's engine (%d per byte of the "
                                   "file, and a base): a crafted or damaged database" %
                                   (path, _BASE_STEPS + _STEPS_PER_BYTE * os.path.getsize(path), _STEPS_PER_BYTE))
        raise OpScopeFileError("%s: damaged OpScope profile (%s)" % (path, e))
    finally:
        db.close()

    def text(i):
        return strings[i] if i is not None and 0 <= i < len(strings) else None

    def ref(i):
        return None if i is None or i == NO_INDEX else i

    threads = raw["threads"]
    devices = raw["devices"]
    module_rows = raw["modules"]
    op_rows = raw["operators"]
    metric_rows = raw["metrics"]

    kernels = []
    for k in raw["kernels"]:
        op, module = ref(k["op"]), ref(k["module"])
        thread = ref(k["launch_thread"])
        kernels.append({
            "kernel": k["row"],
            "name": text(k["name"]),
            "short_name": text(k["short_name"]),
            "start_ns": k["start_ns"],
            "end_ns": k["end_ns"],
            "duration_ns": k["end_ns"] - k["start_ns"],
            "device": k["device"],
            "stream": k["stream"],
            "grid": (k["grid_x"], k["grid_y"], k["grid_z"]),
            "block": (k["block_x"], k["block_y"], k["block_z"]),
            "registers_per_thread": k["registers_per_thread"],
            "shared_bytes": k["static_shared_bytes"] + k["dynamic_shared_bytes"],
            "correlation_id": k["correlation_id"],
            "launch_tid": threads[thread]["tid"] if thread is not None else None,
            "op": op,
            "operator": text(op_rows[op]["name"]) if op is not None else None,
            "module": module,
            "module_path": text(module_rows[module]["path"]) if module is not None else None,
            "module_class": text(module_rows[module]["class_name"]) if module is not None else None,
            "method": METHODS[k["method"]] if k["method"] < len(METHODS) else "unknown",
            "confidence": CONFIDENCES[k["confidence"]] if k["confidence"] < len(CONFIDENCES) else "unknown",
            "unattributed_reason": text(k["unattributed_reason"]),
            "step": _step(k["flags"]),
        })

    # GPU time per operator and module call: self (its own kernels) and, for modules, with its submodules.
    op_time = [0] * len(op_rows)
    op_kernels = [0] * len(op_rows)
    self_time = [0] * len(module_rows)
    self_kernels = [0] * len(module_rows)
    module_step = [None] * len(module_rows)
    for k in kernels:
        if k["op"] is not None:
            op_time[k["op"]] += k["duration_ns"]
            op_kernels[k["op"]] += 1
        if k["module"] is not None:
            self_time[k["module"]] += k["duration_ns"]
            self_kernels[k["module"]] += 1
    total_time = list(self_time)
    total_kernels = list(self_kernels)
    depth = [0] * len(module_rows)
    for m, row in enumerate(module_rows):  # parents come before their children? not promised: walk up
        parent, seen = ref(row["parent"]), 0
        while parent is not None and seen < len(module_rows):
            total_time[parent] += self_time[m]
            total_kernels[parent] += self_kernels[m]
            parent, seen = ref(module_rows[parent]["parent"]), seen + 1
            depth[m] += 1
    # A module call's step: that of its kernels (a call in a warm-up step launched no captured kernel).
    for k in kernels:
        m = k["module"]
        while m is not None and module_step[m] is None:
            module_step[m] = k["step"]
            m = ref(module_rows[m]["parent"])

    modules = []
    for m, row in enumerate(module_rows):
        parent = ref(row["parent"])
        modules.append({
            "module": m,
            "path": text(row["path"]),
            "class_name": text(row["class_name"]),
            # A phase of the step (optimizer, backward, loss, data, other) or a module; files from before
            # phases have no kind column and hold modules only.
            "kind": "phase" if row.get("kind", 0) == 1 else "module",
            "start_ns": row["start_ns"],
            "end_ns": row["end_ns"],
            "parent": parent,
            "depth": depth[m],
            "step": module_step[m],
            "gpu_time_ns": total_time[m],
            "self_gpu_time_ns": self_time[m],
            "kernels": total_kernels[m],
            "self_kernels": self_kernels[m],
        })

    operators = []
    for o, row in enumerate(op_rows):
        module = ref(row["module"])
        thread = ref(row["thread"])
        operators.append({
            "op": o,
            "name": text(row["name"]),
            "shapes": text(row["shapes"]),
            "start_ns": row["start_ns"],
            "end_ns": row["end_ns"],
            "duration_ns": row["end_ns"] - row["start_ns"],
            "tid": threads[thread]["tid"] if thread is not None else None,
            "parent": ref(row["parent"]),
            "depth": row["depth"],
            "module": module,
            "module_path": text(module_rows[module]["path"]) if module is not None else None,
            "backward": bool(row["flags"] & OPERATOR_BACKWARD),
            "sequence_nr": row["sequence_nr"] if row["sequence_nr"] >= 0 else None,
            "gpu_time_ns": op_time[o],
            "kernels": op_kernels[o],
        })

    metrics = {text(m["name"]): text(m["unit"]) for m in metric_rows}
    counters = []
    for c in raw["kernel_counters"]:
        metric = metric_rows[c["metric"]] if 0 <= c["metric"] < len(metric_rows) else None
        counters.append({
            "kernel": c["owner"],
            "metric": text(metric["name"]) if metric else None,
            "unit": text(metric["unit"]) if metric else None,
            "value": None if c["flags"] & 6 else c["value"],  # text or null values have no number
            "text": text(c["text"]) if c["flags"] & 2 else None,
        })

    # One profile is one rank (torch.profiler's distributedInfo, or none): its rank, the job's size,
    # and the processes and GPUs it holds.
    def number(key):
        value = metadata.get(key)
        try:
            return int(value) if value is not None else None
        except ValueError:
            return None

    ranks = [{
        "rank": number("rank"),
        "world_size": number("world_size"),
        "backend": metadata.get("backend"),
        "pids": sorted({t["pid"] for t in threads}),
        "devices": [text(d["name"]) or "GPU %d" % d["id"] for d in devices],
        "kernels": len(kernels),
        "gpu_time_ns": sum(k["duration_ns"] for k in kernels),
    }]

    tables = {"kernels": kernels, "operators": operators, "modules": modules, "counters": counters,
              "ranks": ranks}
    if pandas is not False:
        try:
            import pandas as pd
        except ImportError:
            if pandas:
                raise
            pd = None
        if pd is not None:
            columns = {"kernels": KERNEL_COLUMNS, "operators": OPERATOR_COLUMNS, "modules": MODULE_COLUMNS,
                       "counters": COUNTER_COLUMNS, "ranks": RANK_COLUMNS}
            tables = {name: pd.DataFrame(rows, columns=columns[name]) for name, rows in tables.items()}
    return Profile(tables, metadata, metrics, warnings, info)


# The columns of each table, in order (also what an empty DataFrame has).
KERNEL_COLUMNS = ["kernel", "name", "short_name", "start_ns", "end_ns", "duration_ns", "device", "stream", "grid",
                  "block", "registers_per_thread", "shared_bytes", "correlation_id", "launch_tid", "op", "operator",
                  "module", "module_path", "module_class", "method", "confidence", "unattributed_reason", "step"]
OPERATOR_COLUMNS = ["op", "name", "shapes", "start_ns", "end_ns", "duration_ns", "tid", "parent", "depth", "module",
                    "module_path", "backward", "sequence_nr", "gpu_time_ns", "kernels"]
MODULE_COLUMNS = ["module", "path", "class_name", "kind", "start_ns", "end_ns", "parent", "depth", "step", "gpu_time_ns",
                  "self_gpu_time_ns", "kernels", "self_kernels"]
COUNTER_COLUMNS = ["kernel", "metric", "unit", "value", "text"]
RANK_COLUMNS = ["rank", "world_size", "backend", "pids", "devices", "kernels", "gpu_time_ns"]
