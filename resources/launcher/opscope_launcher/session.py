"""Steps, warm-up and the capture range.

A step begins at a step boundary: a call of the root module (the first module called from outside
any module forward) when no marker is used, or an explicit marker (`step()`, `mark_step()`, a step
function). Steps 1..warmup run outside the capture; the next `reference_steps` steps run with no
instrumentation at all and are timed (the plain step the capture's overhead is measured against); the
next `steps` steps run inside the capture. While the reference steps took less than `reference_seconds` in
all (and fewer than timing.MAX_REFERENCE_STEPS ran), more of them run after the capture, when the script
steps on: a short step is timed many times, a long one only `reference_steps` times. The capture is opened at the start of the first captured
step and closed at the start of the step that follows the last one (so the backward and optimizer work
of the last step are inside), or at the end of a `step()` block, or when the script ends. The device is
synchronised at both edges.

Reference steps: the global module hooks are removed (every module call takes torch's hook-free
path); when steps are root-module calls, the root alone keeps a pre-hook that finds the boundaries.
No emit_nvtx, record_function or profiler runs. Each step is timed with CUDA events on the current
stream (when the workload uses CUDA) and time.perf_counter, and the captured steps the same way.
Under the NVTX modes each one is also a process-wide NVTX start/end range "OPSCOPE_REFERENCE#k",
outside the CAPTURE range, so that the nsys import finds the plain step right before the labelled one.

Capture modes:
  nvtx (also "nsys", "ncu"): an NVTX start/end range "CAPTURE" (process-wide, so kernels that
        autograd's thread launches are inside it) plus emit_nvtx(record_shapes=True), which names
        every aten op and its input shapes in an NVTX range.
  torch: torch.profiler (CPU, and CUDA when available) over the captured steps, written with
        export_chrome_trace. This is the correlation pass on a GPU, and the CPU capture elsewhere.
  cpu:   like torch, CPU activity only.
  none:  labels and steps only.
"""

import json
import os
import time

import torch
from torch.autograd.profiler import record_function

from . import compat, distributed, generation, markers, timing
from .memory import MemoryRecorder, profiler_kwargs as memory_profiler_kwargs
from .ddp_buckets import AutoBucketLabels
from .graphs import GraphCaptureLabels
from .labels import Labeller
from .partition import backward_labels, write_partition_map

CAPTURE_RANGE = "CAPTURE"
REFERENCE_RANGE = "OPSCOPE_REFERENCE#"  # + the reference step's number (0-based)
NVTX_MODES = ("nvtx", "nsys", "ncu")
PROFILER_MODES = ("torch", "cpu")
MODES = NVTX_MODES + PROFILER_MODES + ("none",)


class CaptureComplete(SystemExit):
    """Raised into the workload once the captured steps are done: the rest of the run is not needed."""

    def __init__(self):
        super().__init__(0)


class Options:
    def __init__(self, mode="torch", warmup=2, steps=1, step_source="auto", trace=None, partition_map=None,
                 status=None, exit_after_capture=True, record_shapes=True, with_stack=False, compile="eager",
                 backward_ranges=None, reference_steps=3, reference_seconds=timing.DEFAULT_REFERENCE_SECONDS,
                 step_option="auto"):
        self.mode = mode
        self.warmup = warmup
        self.reference_steps = reference_steps
        self.reference_seconds = reference_seconds
        self.steps = steps
        self.step_source = step_source
        self.trace = trace
        self.partition_map = partition_map
        self.status = status
        self.exit_after_capture = exit_after_capture
        self.record_shapes = record_shapes
        self.with_stack = with_stack
        self.compile = compile
        self.backward_ranges = backward_ranges
        self.step_option = step_option  # --step as given ("auto", "marker", "generate:answer" ...)


class Session:
    def __init__(self, options):
        self.options = options
        self.first_captured = options.warmup + options.reference_steps  # 0-based number of the first captured step
        self.total = self.first_captured + options.steps
        self.started = 0  # steps begun
        self.step_open = False
        self.captured = 0
        self.referencing = False  # a reference step runs: no instrumentation
        self.reference_timer = timing.StepTimer()
        self.captured_timer = timing.StepTimer()
        self.reference = None  # the status JSON's "reference" object, once the capture is over
        self.generation = None  # ... and its "generation" object (generation.py), under --step generate
        self.calibration = None  # timing.calibrate_launches(), before the first reference step
        self.torch_settings = None  # compat.backend_settings() at the capture
        self.reference_after = 0  # reference steps run after the capture
        self._after_capture = False  # the reference steps after the capture run
        self._reference_range = None
        self.capturing = False  # inside the capture range
        self.recording = False  # record_function labels are wanted now
        self.done = False
        self.source = "module" if options.step_source in ("auto", "module") else options.step_source
        self.requests = generation.Requests(self)  # generation requests and their phases (--step generate)
        self._in_generate = False  # a library generate() runs (generation.py)
        self.warnings = []
        self.errors = []
        self.trace_written = None
        self.groups = None
        self.capture_seconds = None
        self._capture_t0 = None
        self._capture_range = None
        self._emit_nvtx = None
        self._profiler = None
        self._memory = None  # memory.MemoryRecorder under the profiler modes
        self._step_rf = None
        self._compiled_root = False
        self.fixes = None  # fixes.FixSet of --fix (fixes.py), applied when the root is found
        self.verify = None  # verify.Worker under `opscope verify` (verify.py): timed blocks on cue
        self.use_nvtx = options.mode in NVTX_MODES and compat.nvtx_available()
        if options.mode in NVTX_MODES and not self.use_nvtx:
            self.warn("NVTX is not available in this torch build (no CUDA): module labels use record_function only")
        if self.use_nvtx and options.warmup == 0:
            self.warn("--warmup 0: the CUDA context and the first allocations fall into the capture, "
                      "which ncu's range replay rejects; use --warmup 1 or more")
        self.labeller = Labeller(self, self.use_nvtx)
        self.graph_labels = GraphCaptureLabels(self)
        self.ddp_buckets = AutoBucketLabels()
        self._rank_alignment = distributed.RankAlignment()
        if options.backward_ranges:
            self.labeller.label_backward_of(backward_labels(options.backward_ranges))

    @property
    def capture_over(self):
        """The captured steps are done (reference steps may still be running after them)."""
        return self.done or self._after_capture

    def warn(self, message):
        self.warnings.append(message)
        markers.warning(message)

    def fail(self, message):
        self.errors.append(message)
        markers.error(message)

    # -- step boundaries -----------------------------------------------------------------------
    def on_root_found(self):
        markers.emit("root", self.labeller.root_label)
        if self.fixes is not None:
            from .fixes import FixError

            try:
                self.fixes.on_root(self.labeller.root)
            except FixError as e:
                self.fail("--fix: %s" % e)
                raise SystemExit(3)
        if self.verify is not None:
            self.verify.on_root(self.labeller.root)
        self._maybe_compile_root()

    def on_root_call(self, args=()):
        """A call of the root module from outside any forward: a step boundary in module mode, an iteration of
        the decode loop inside a generation request."""
        if self.source == "module":
            self._begin_step()
        elif self.requests.current is not None:
            self.requests.on_root_call(args)

    def begin_marked_step(self):
        self._switch_to_markers("marker")
        self._begin_step()

    def end_marked_step(self, raise_when_complete=True):
        self._end_step(raise_when_complete)

    def mark_step(self):
        self._switch_to_markers("marker")
        self._begin_step()

    # -- generation requests (generation.py) ---------------------------------------------------
    def begin_request(self, batch=None, prompt_tokens=None):
        """A request begins: one step, whose prefill phase opens now."""
        self._switch_to_markers("generate")
        if self._begin_step():
            self.requests.begin(batch, prompt_tokens)

    def end_request(self, raise_when_complete=True):
        self._end_step(raise_when_complete)

    def begin_request_call(self, batch, prompt_tokens):
        """A library generate() is called. Inside a step the script marks (step(), a step function, request()),
        that step is the request and its phases start here; otherwise the call is the step. True when it is."""
        if self.step_open and self.source in ("marker", "function", "generate"):
            if self.requests.current is None:
                self.requests.begin(batch, prompt_tokens)
            else:
                self.requests.describe_inputs(batch, prompt_tokens)
            return False
        chosen = self.options.step_option
        if self.source == "function" or (self.source == "marker" and (chosen == "marker" or self.started > 0)):
            return False  # outside the steps the script marks: not a step
        if chosen.startswith("generate:"):
            return False  # outside the calls of the function that makes the requests
        self.begin_request(batch, prompt_tokens)
        return True

    def end_request_call(self, owns_step, raise_when_complete):
        if owns_step:
            self._end_step(raise_when_complete)

    def mark_token(self):
        self.requests.iteration("marker")

    def _switch_to_markers(self, source):
        if self.source == source or (self.source == "function" and source == "marker"):
            return
        if self.source == "module" and self.started > 0:
            what = "generate() calls or request() blocks" if source == "generate" else "step markers"
            if self.capturing or self.done:
                self.warn("%s were reached after module calls had already started the capture; pass --step %s to "
                          "count only those" % (what, "generate" if source == "generate" else "marker"))
                self.source = source
                return
            self.warn("%s found after %d module-call steps: counting those only" % (what, self.started))
            self._end_reference_steps()
            self.reference_timer = timing.StepTimer()
            self.started = 0
            self.step_open = False
        self.source = source

    def _begin_step(self):
        """Begins a step; False when the capture is over and the script runs on (--keep-running)."""
        if self.done:
            if self.options.exit_after_capture:
                raise CaptureComplete()
            return False
        if self.step_open:
            self._end_step(True)
        k = self.started
        if k == self.options.warmup and self.options.reference_steps > 0:
            self._start_reference_steps()
        if k == self.first_captured:
            self._end_reference_steps()
            self._start_capture()
        self.started += 1
        self.step_open = True
        phase = "capture" if self.capturing else "reference" if self.referencing else "warmup"
        markers.emit("step", "%d/%d" % (k + 1, max(self.total, k + 1)), phase)
        if self.referencing:
            if self.use_nvtx and not self._after_capture:  # the trace's plain step is the one before the capture
                self._reference_range = torch.cuda.nvtx.range_start(REFERENCE_RANGE + str(k - self.options.warmup))
            self.reference_timer.begin()
            return True
        if self.recording:
            self._step_rf = record_function("ProfilerStep#%d" % (k - self.first_captured))
            self._step_rf.__enter__()
        if self.capturing:
            self.captured_timer.begin()
        return True

    def _end_step(self, raise_when_complete):
        if not self.step_open:
            return
        self.requests.end()  # its last phase closes inside the step
        self.step_open = False
        if self.referencing:
            self.reference_timer.end()
            if self._reference_range is not None:
                torch.cuda.nvtx.range_end(self._reference_range)
                self._reference_range = None
            if self._after_capture:
                self.reference_after += 1
                if not self._wants_more_reference():
                    self._end_reference_steps()
                    self._complete(raise_when_complete)
            return
        if self.capturing:
            self.captured_timer.end()
        if self._step_rf is not None:
            self._step_rf.__exit__(None, None, None)
            self._step_rf = None
        if not self.capturing:
            return
        self.captured += 1
        if self.captured >= self.options.steps:
            self._stop_capture()
            if self._wants_more_reference():
                self._after_capture = True
                self._start_reference_steps()
                return
            self._complete(raise_when_complete)

    def _complete(self, raise_when_complete):
        if self.reference is None:
            compat.synchronize()
            self._report_timing()
        self.done = True
        if raise_when_complete and self.options.exit_after_capture:
            raise CaptureComplete()

    # -- compile -------------------------------------------------------------------------------
    def _maybe_compile_root(self):
        mode = self.options.compile
        if mode == "eager" or self._compiled_root:
            return
        self._compiled_root = True
        if not hasattr(torch, "compile"):
            raise RuntimeError("--compile %s needs torch >= 2.0 (this is torch %s)" % (mode, torch.__version__))
        root = self.labeller.root
        # The root's own hooks stay outside the compiled region, so its calls still mark the steps;
        # the forward is compiled from the next call on (the first call is a warm-up step).
        if mode in ("inductor", "reduce-overhead") and os.environ.get("TORCH_COMPILE_DEBUG") == "1":
            # Module paths inside the compiled code, for the import (compiled.py).
            from .compiled import ModuleStackRecorder

            ModuleStackRecorder(root, self.warn).install()
        if mode in ("reduce-overhead", "max-autotune"):  # Inductor's modes (reduce-overhead: CUDA graphs)
            root.forward = torch.compile(root.forward, mode=mode)
        else:
            root.forward = torch.compile(root.forward, backend=mode)
        markers.emit("compile", mode)
        if self.options.warmup < 2:
            self.warn("--compile %s with fewer than 2 warm-up steps: compilation falls into the capture" % mode)

    # -- reference steps -----------------------------------------------------------------------
    def _wants_more_reference(self):
        """More plain steps after the capture: while those timed took less than reference_seconds in all."""
        timer = self.reference_timer
        # Not in a job of several ranks: each would stop at its own time, and the others wait in collectives.
        return (not distributed.several_ranks() and self.options.reference_steps > 0 and self.options.reference_seconds > 0 and timer.count > 0
                and not self._cupti_kept()
                and timer.count < timing.MAX_REFERENCE_STEPS
                and sum(timer.cpu_ns) < self.options.reference_seconds * 1e9)

    def _cupti_kept(self):
        """Whether CUPTI stays attached after this process's torch.profiler capture (torch keeps it for CUDA
        graphs: TEARDOWN_CUPTI=0): the steps after the capture would pay its cost on every launch, not plain."""
        return self.options.mode == "torch" and compat.cuda_available() and os.environ.get("TEARDOWN_CUPTI") != "1"

    def _start_reference_steps(self):
        if not self._after_capture and self.options.mode != "ncu" and self.verify is None:
            # nsys's cost per CUDA call: the same burst here and in a plain process (not under ncu, which
            # would profile every launch, nor in a verify arm, which captures nothing).
            compat.synchronize()
            self.calibration = timing.calibrate_launches()
        self.referencing = True
        self.labeller.suspend(watch_root=self.source in ("module", "generate"))
        markers.emit("reference", "after-capture" if self._after_capture else "start",
                     "steps=%d" % self.options.reference_steps)

    def _end_reference_steps(self):
        if not self.referencing:
            return
        if self._reference_range is not None:
            torch.cuda.nvtx.range_end(self._reference_range)
            self._reference_range = None
        self.referencing = False
        self.labeller.resume()
        markers.emit("reference", "end", "steps=%d" % self.reference_timer.count)

    def _report_timing(self):
        """The reference and captured step times, once the device has been synchronised."""
        self.reference = timing.report(self.reference_timer, self.captured_timer, self.options.reference_steps,
                                       self.calibration, self.reference_after)
        self.generation = self.requests.report()
        if self.use_nvtx and self.reference_timer.count:
            self.reference["nvtx_range"] = REFERENCE_RANGE
        r = self.reference
        words = ["clock=%s" % r["clock"], "steps=%d" % len(r["steps_ns"])]
        if r["median_ns"] is not None:
            words.append("median_ns=%d" % r["median_ns"])
        if r["captured_median_ns"] is not None:
            words.append("captured_ns=%d" % r["captured_median_ns"])
        if r["overhead"] is not None:
            words.append("overhead=%.2f" % r["overhead"])
        markers.emit("reference", "timing", *words)

    # -- capture range -------------------------------------------------------------------------
    def _start_capture(self):
        compat.synchronize()
        self.torch_settings = compat.backend_settings()
        mode = self.options.mode
        if mode in NVTX_MODES and self.use_nvtx:
            self._capture_range = torch.cuda.nvtx.range_start(CAPTURE_RANGE)
            self._emit_nvtx = torch.autograd.profiler.emit_nvtx(record_shapes=self.options.record_shapes)
            self._emit_nvtx.__enter__()
        elif mode in PROFILER_MODES or (mode in NVTX_MODES and not self.use_nvtx):
            activities = [torch.profiler.ProfilerActivity.CPU]
            if mode != "cpu" and compat.cuda_available():
                activities.append(torch.profiler.ProfilerActivity.CUDA)
            self._profiler = torch.profiler.profile(
                activities=activities, record_shapes=self.options.record_shapes, with_stack=self.options.with_stack,
                **memory_profiler_kwargs()
            )
            self._memory = MemoryRecorder(self.options.trace)
            self._memory.start()
            self._profiler.__enter__()
        self._rank_alignment.wait_for_all(self.warn)  # after the instruments' start-up, before the step
        self.capturing = True
        self.recording = mode != "none"
        self._capture_t0 = time.monotonic()
        markers.emit("capture", "start")

    def _stop_capture(self):
        compat.synchronize()
        self.labeller.close_record_functions()
        if self._emit_nvtx is not None:
            self._emit_nvtx.__exit__(None, None, None)
            self._emit_nvtx = None
        if self._capture_range is not None:
            torch.cuda.nvtx.range_end(self._capture_range)
            self._capture_range = None
        self.capture_seconds = time.monotonic() - self._capture_t0
        self.capturing = False
        self.recording = False
        if not self._wants_more_reference():
            self._report_timing()  # else once the reference steps after the capture are done
        if self._profiler is not None:
            distributed.settle_gloo_records()  # after the steps' timing: the wait is not the workload's
            self._profiler.__exit__(None, None, None)
            if self.options.trace:
                os.makedirs(os.path.dirname(os.path.abspath(self.options.trace)), exist_ok=True)
                self._profiler.export_chrome_trace(self.options.trace)
                self._memory.complete_trace(self._profiler)
                self.trace_written = self.options.trace
                markers.emit("trace", self.options.trace)
            self._memory.stop()
            self._memory.record_tensors(self.labeller.root, lambda m: self.labeller.label_of(m).rsplit("[", 1)[0])
            self._profiler = None
        if self.options.partition_map:
            self.groups = write_partition_map(
                self.options.partition_map, self.labeller.captured_modules(), self.labeller.root_label
            )
            markers.emit("partition-map", self.options.partition_map, "groups=%d" % len(self.groups))
        markers.emit("capture", "end", "steps=%d" % self.captured)

    # -- end of the run ------------------------------------------------------------------------
    def finish(self, exit_kind):
        """Called once the script is over (normally, by CaptureComplete, or by an error)."""
        if self.step_open:
            try:
                self._end_step(False)
            except Exception as e:  # never hide the workload's own outcome
                self.fail("closing the last step failed: %s" % e)
        if self.referencing:
            self._end_reference_steps()
            if self._after_capture:
                self.done = True  # the script ended during the reference steps after the capture
        if self.capturing:
            self.warn("the script ended after %d of %d captured steps" % (self.captured, self.options.steps))
            self._stop_capture()
            self.done = True
        if self.verify is not None:
            self.verify.finish()  # its steps are the reference ones: no capture was asked for
        elif self.captured == 0 and exit_kind != "error":
            if self.labeller.root is None and self.source == "module":
                self.fail("no nn.Module was called: nothing to capture (use opscope_launcher.step() to mark steps)")
            elif self.source == "generate" and self.started == 0:
                self.fail("no generation request was seen: --step generate counts calls of a model library's "
                          "generate() (transformers), opscope_launcher.request() blocks, or the calls of the "
                          "function named by --step generate:NAME")
            else:
                reference = self.options.reference_steps
                self.fail(
                    "the script ran %d step(s) but the capture needs %d warm-up + %s%d captured step(s); "
                    "lower --warmup%s or run more iterations"
                    % (self.started, self.options.warmup, "%d reference + " % reference if reference else "",
                       self.options.steps, " or --reference-steps" if reference else "")
                )
        if self.reference is None and self.reference_timer.count:
            compat.synchronize()  # the script ended before the capture: what was timed is still reported
            self._report_timing()
        self.write_status(exit_kind)
        markers.emit("done", "exit=%s" % exit_kind, "captured=%d" % self.captured)

    def write_status(self, exit_kind):
        path = self.options.status
        if not path:
            return
        modules = [
            {"path": p, "class": c, "label": "%s[%s]" % (p, c), "calls_captured": len(calls)}
            for _, p, c, calls in self.labeller.captured_modules(alive_only=False)
        ]
        status = {
            "format": "opscope-launcher-status",
            "version": 1,
            "exit": exit_kind,
            "mode": self.options.mode,
            "compile": self.options.compile,
            "step_source": self.source,
            "warmup": self.options.warmup,
            "reference_steps": self.options.reference_steps,
            "reference_seconds": self.options.reference_seconds,
            "steps_requested": self.options.steps,
            "steps_seen": self.started,
            "steps_captured": self.captured,
            "capture_seconds": self.capture_seconds,
            "reference": self.reference,
            "generation": self.generation,
            "root": self.labeller.root_label,
            "nvtx": self.use_nvtx,
            "torch": torch.__version__,
            "cuda": compat.cuda_available(),
            "cuda_version": getattr(torch.version, "cuda", None),
            "kineto": compat.kineto_available(),
            "device_name": compat.device_name(),
            "torch_settings": self.torch_settings,
            "trace": self.trace_written,
            "memory": self._memory.status() if self._memory is not None else None,
            "fixes": self.fixes.status() if self.fixes is not None else None,
            "verify": self.verify.status() if self.verify is not None else None,
            "partition_map": self.options.partition_map if self.groups is not None else None,
            "groups": len(self.groups) if self.groups is not None else 0,
            "modules": modules,
            "warnings": self.warnings,
            "errors": self.errors,
        }
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(status, f, indent=2)
            f.write("\n")


_current = None


def current():
    return _current


def set_current(session):
    global _current
    _current = session
