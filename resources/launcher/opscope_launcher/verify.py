"""One arm of `opscope verify`: the workload (with its fixes, or none) timed in blocks of plain steps, on cue.

OpScope starts one launcher per arm (the original, A, and the fixed, B) with
`--verify-control FIFO --verify-block-steps K`. The steps after the warm-up are the session's plain
reference steps (no hooks, labels or profiler); they run in blocks, and before each block the arm
waits for a line on the FIFO:

    go      run one block: a settling step (the other arm just ran: caches and clocks are its), then
            K timed steps, each with CUDA events on the current stream (where the workload uses CUDA)
            and time.perf_counter; the device is synchronised once the block is over
    exit    end the script at this step boundary (end of file too: OpScope is gone)

So both arms stay alive and take turns, A B A B ..., and neither runs while the other is timed.
What the arm says goes to stderr as markers (one JSON object each, on one line):

    OPSCOPE verify ready {"fixes": ..., "checksum": ..., "torch": ..., "device": ...}
    OPSCOPE verify block {"block": 1, "clock": "cuda_event", "steps_ns": [...], "cpu_steps_ns": [...],
                          "settle_ns": ..., "peak_bytes": 123 | null, "partial": false}
    OPSCOPE verify end {"blocks": 4, "reason": "exit" | "script-ended"}

`checksum` describes the root module's output of its first call (each tensor in it: shape, dtype,
sum, sum of absolute values, sum of squares and 64 values at fixed positions), so OpScope can tell
whether the fix left the outputs as they were. Before the script runs, every random generator is
seeded (0) in both arms, so a script that seeds nothing still computes the same first step twice.
"""

import json
import random
import time

import torch

from . import compat, markers, timing
from .session import CaptureComplete

SAMPLES = 64  # values kept per output tensor
LEAVES = 16  # output tensors described at most
CHUNK = 1 << 24  # elements summed at once


def seed_everything(seed=0):
    random.seed(seed)
    torch.manual_seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except Exception:
        pass


def _leaves(value, prefix="output", depth=0):
    if isinstance(value, torch.Tensor):
        yield prefix, value
    elif depth < 3 and isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, "%s.%s" % (prefix, key), depth + 1)
    elif depth < 3 and isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _leaves(item, "%s[%d]" % (prefix, i), depth + 1)


def checksum(output):
    """A description of `output`'s tensors that two runs can be compared on (see the module's text)."""
    described = []
    with torch.no_grad():
        for name, tensor in _leaves(output):
            if len(described) == LEAVES:
                break
            t = tensor.detach()
            if t.is_complex() or t.dtype == torch.bool:
                t = t.real if t.is_complex() else t.to(torch.uint8)
            n = t.numel()
            entry = {"name": name, "shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", ""), "numel": n}
            if n:
                flat = t.reshape(-1)
                # In float64, a chunk at a time: a vocabulary's logits in float64 at once can be gigabytes.
                total = absolute = squares = 0.0
                for chunk in flat.split(CHUNK):
                    chunk = chunk.to(torch.float64)
                    total += chunk.sum().item()
                    absolute += chunk.abs().sum().item()
                    squares += chunk.square().sum().item()
                entry["sum"], entry["abs_sum"], entry["square_sum"] = total, absolute, squares
                # In float64: float32 (linspace's default) rounds a position past 2^24 up, one past the end
                # of a vocabulary's logits, and on a GPU that is a device-side assert in the workload.
                positions = torch.linspace(0, n - 1, steps=min(n, SAMPLES), dtype=torch.float64)
                positions = positions.round().long().clamp_(0, n - 1).to(flat.device)
                entry["samples"] = flat[positions].to(torch.float64).cpu().tolist()
            described.append(entry)
    return described


class BlockTimer(timing.StepTimer):
    """The session's reference timer under `opscope verify`: its steps run in blocks on the worker's cue."""

    def __init__(self, worker):
        super().__init__()
        self.worker = worker
        self._position = 0  # steps of the current block done (the settling one included)
        self._block_start = 0  # index of the block's first step in cpu_ns

    def begin(self):
        if self._position == 0:
            self.worker.wait_for_cue()  # may end the script (CaptureComplete)
            self._block_start = self.count
            if compat.cuda_available() and torch.cuda.is_initialized():
                torch.cuda.reset_peak_memory_stats()
        super().begin()

    def end(self):
        if self._open is None:
            return
        super().end()
        self._position += 1
        if self._position > self.worker.block_steps:
            self.report_block(partial=False)

    def report_block(self, partial):
        """Synchronises the device and reports the block's steps; None when it timed no step."""
        steps = self.count - self._block_start
        self._position = 0
        if steps < 2:  # the settling step alone
            return
        compat.synchronize()
        gpu = self.gpu_ns()
        block = list(range(self._block_start, self.count))
        clock = timing.CUDA_EVENT if gpu is not None else timing.PERF_COUNTER
        steps_ns = [gpu[i] if gpu is not None else self.cpu_ns[i] for i in block]
        peak = None
        if compat.cuda_available() and torch.cuda.is_initialized():
            peak = int(torch.cuda.max_memory_allocated())
        self.worker.blocks += 1
        markers.emit("verify", "block", json.dumps({
            "block": self.worker.blocks, "clock": clock, "settle_ns": steps_ns[0], "steps_ns": steps_ns[1:],
            "cpu_steps_ns": [self.cpu_ns[i] for i in block[1:]], "peak_bytes": peak, "partial": partial,
        }, separators=(",", ":")))


class Worker:
    def __init__(self, session, control_path, block_steps, fixes):
        self.session = session
        self.control_path = control_path
        self.block_steps = max(1, int(block_steps))
        self.fixes = fixes  # fixes.FixSet or None
        self.blocks = 0
        self.checksum = None
        self._control = None
        self._ready_sent = False
        self._end_reason = "script-ended"
        self.timer = BlockTimer(self)
        session.reference_timer = self.timer

    def on_root(self, root):
        """The root module was found (its first call is starting): its output will be described."""
        holder = {}

        def describe(module, args, output):
            holder["handle"].remove()
            try:
                self.checksum = checksum(output)
            except Exception as e:  # never break the workload for a checksum
                self.checksum = {"error": str(e)}
            return None

        holder["handle"] = root.register_forward_hook(describe)

    def _ready(self):
        self._ready_sent = True
        markers.emit("verify", "ready", json.dumps({
            "fixes": self.fixes.status() if self.fixes is not None else None,
            "checksum": self.checksum,
            "torch": torch.__version__,
            "cuda": compat.cuda_available() and torch.cuda.is_initialized(),
            "device": compat.device_name(),
            "warmup": self.session.options.warmup,
            "block_steps": self.block_steps,
        }, separators=(",", ":")))

    def wait_for_cue(self):
        """Blocks until OpScope says go; raises CaptureComplete on exit (or when OpScope is gone)."""
        compat.synchronize()  # nothing of this arm runs on the device while the other is timed
        if not self._ready_sent:
            self._ready()
        if self._control is None:
            self._control = open(self.control_path, "r", encoding="utf-8")
        t0 = time.monotonic()
        line = self._control.readline().strip()
        waited = time.monotonic() - t0
        if line == "go":
            markers.emit("verify", "go", "waited_s=%.3f" % waited)
            return
        self._end_reason = "exit" if line == "exit" else "control-closed"
        self.session.done = True
        raise CaptureComplete()

    def finish(self):
        """The script is over: a block cut short by its end is reported as partial."""
        if self.timer._position > 0:
            self.timer.report_block(partial=True)
        markers.emit("verify", "end", json.dumps({"blocks": self.blocks, "reason": self._end_reason},
                                                  separators=(",", ":")))
        if self._control is not None:
            self._control.close()
            self._control = None

    def status(self):
        return {"control": self.control_path, "block_steps": self.block_steps, "blocks": self.blocks,
                "end": self._end_reason, "checksum": self.checksum}
