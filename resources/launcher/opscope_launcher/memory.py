"""Memory over the captured step: allocator events in the trace, and the CUDA allocator's history.

- torch.profiler runs with profile_memory=True: every allocation and free of the caching (CUDA) and CPU
  allocators becomes a "[memory]" instant in the trace (args Addr, Bytes, Total Allocated, Total
  Reserved, Device Type, Device Id), which OpScope ties to the operator and module open at the time.
- Builds without Kineto (Debian's CPU torch 1.13) record the same events but their export_chrome_trace
  (the legacy autograd profiler's) leaves them out: they are read from the profiler's event tree and
  appended to the trace in Kineto's own form, on the legacy trace's clock (µs since the trace start).
- On CUDA, torch.cuda.memory._record_memory_history (bounded to HISTORY_MAX_ENTRIES) runs over the
  captured step and its _snapshot() is written as JSON (memory_snapshot.json beside the trace):
  converted here from the snapshot's dict, so nothing downstream reads a pickle. Guarded: torch builds
  without it (before 2.0, no CUDA) write none and say why in the status.
"""

import inspect
import json
import os

import torch

from . import compat
from .tensors import GradientWatch, write_inventory

HISTORY_MAX_ENTRIES = 100000
SNAPSHOT_NAME = "memory_snapshot.json"


def profiler_kwargs():
    """Extra torch.profiler.profile arguments."""
    return {"profile_memory": True}


class MemoryRecorder:
    """One captured step's memory instruments; status() is the launcher status JSON's "memory" object."""

    def __init__(self, trace_path):
        self.trace_path = trace_path
        self.history = False
        self.snapshot = None
        self.note = None
        self.appended_events = 0
        self.peak_allocated = None  # torch.cuda.max_memory_allocated() over the captured step
        self.peak_reserved = None
        self.tensors = None
        self._grads = GradientWatch()

    # -- CUDA allocator history ------------------------------------------------------------------
    def start(self):
        try:
            self._grads.start()
        except Exception as e:
            self.note = "gradient watch unavailable: %s" % e
        if not compat.cuda_available():
            self.note = "no CUDA: no allocator history"
            return
        record = getattr(torch.cuda.memory, "_record_memory_history", None)
        if record is None or not hasattr(torch.cuda.memory, "_snapshot"):
            self.note = "torch %s has no torch.cuda.memory._record_memory_history" % torch.__version__
            return
        try:
            params = inspect.signature(record).parameters
            if "max_entries" in params:  # torch >= 2.1
                record(max_entries=HISTORY_MAX_ENTRIES)
            elif "trace_alloc_max_entries" in params:  # torch 2.0
                record(True, trace_alloc_max_entries=HISTORY_MAX_ENTRIES)
            else:
                record(True)
            self.history = True
        except Exception as e:  # never fail the workload for an instrument
            self.note = "allocator history unavailable: %s" % e
        try:  # the step's own peak, to check the snapshot's against
            torch.cuda.reset_peak_memory_stats()
        except Exception:
            pass

    def stop(self):
        try:
            if compat.cuda_available():
                self.peak_allocated = int(torch.cuda.max_memory_allocated())
                self.peak_reserved = int(torch.cuda.max_memory_reserved())
        except Exception:
            pass
        if not self.history:
            return
        try:
            snapshot = torch.cuda.memory._snapshot()
        except Exception as e:
            self.note = "allocator snapshot failed: %s" % e
            snapshot = None
        finally:
            try:
                torch.cuda.memory._record_memory_history(None)
            except Exception:
                try:
                    torch.cuda.memory._record_memory_history(False)
                except Exception:
                    pass
        if snapshot is None or not self.trace_path:
            return
        path = os.path.join(os.path.dirname(os.path.abspath(self.trace_path)), SNAPSHOT_NAME)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(_plain(snapshot), f)
        self.snapshot = path

    # -- events the legacy trace leaves out --------------------------------------------------------
    def complete_trace(self, profiler):
        """Appends the [memory] events to a legacy (no Kineto) trace; Kineto traces have them already."""
        if compat.kineto_available() or not self.trace_path:
            return
        results = getattr(getattr(profiler, "profiler", None), "kineto_results", None)
        if results is None or not hasattr(results, "experimental_event_tree"):
            self.note = "this torch gives no allocator events to a trace without Kineto"
            return
        origin_ns = results.trace_start_us() * 1000
        events = []
        stack = list(results.experimental_event_tree())
        while stack:
            e = stack.pop()
            stack.extend(e.children)
            fields = e.extra_fields
            if type(fields).__name__ != "_ExtraFields_Allocation":
                continue
            device = fields.device
            events.append({
                "ph": "i", "s": "t", "cat": "cpu_instant_event", "name": "[memory]",
                "pid": "CPU functions", "tid": e.start_tid,
                "ts": (e.start_time_ns - origin_ns) / 1000.0,
                "args": {
                    "Total Reserved": fields.total_reserved, "Total Allocated": fields.total_allocated,
                    "Bytes": fields.alloc_size, "Addr": fields.ptr,
                    "Device Id": device.index if device.index is not None else -1,
                    "Device Type": 1 if device.type == "cuda" else 0,
                },
            })
        if not events:
            return
        events.sort(key=lambda x: x["ts"])
        with open(self.trace_path, encoding="utf-8") as f:
            trace = json.load(f)
        if isinstance(trace, dict):
            trace.setdefault("traceEvents", []).extend(events)
        else:
            trace.extend(events)
        with open(self.trace_path, "w", encoding="utf-8") as f:
            json.dump(trace, f)
        self.appended_events = len(events)

    # -- what outlives the step -----------------------------------------------------------------
    def record_tensors(self, root, module_path):
        """The parameters, gradients, buffers and optimizer state at the end of the capture (tensors.py)."""
        self._grads.stop()
        try:
            self.tensors = write_inventory(self.trace_path, root, module_path, self._grads.grads)
        except Exception as e:  # never fail the workload for an instrument
            self.note = "tensor inventory failed: %s" % e

    def status(self):
        return {
            "profile_memory": True,
            "history": self.history,
            "history_max_entries": HISTORY_MAX_ENTRIES if self.history else None,
            "snapshot": self.snapshot,
            "legacy_events_added": self.appended_events,
            "max_memory_allocated": self.peak_allocated,
            "max_memory_reserved": self.peak_reserved,
            "tensors": self.tensors,
            "note": self.note,
        }


def _plain(value):
    """The snapshot's dicts, lists and numbers as JSON can hold them (frames, tuples, enums to text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)
