"""Generation requests as steps (`--step generate`), and the prefill and decode phases inside each.

A request is one step: a model library's `generate()` call (transformers' GenerationMixin.generate, wrapped
when the library is imported), an `opscope_launcher.request()` block, or each call of a function named by
`--step generate:NAME`. Its warm-up, reference and captured steps are whole requests.

Inside a request every iteration of the decode loop begins at a boundary. The first source seen in the request
decides for the rest of it, but a stronger one (library > marker > module) seen by the end of the prefill takes
over (a library whose prefill calls the model before its per-token hook first runs):
  library  the model library's own per-token call: transformers' prepare_inputs_for_generation, wrapped on the
           model for the length of generate() (a Python call outside the forward, so also when the forward is
           compiled and runs no module hook);
  marker   opscope_launcher.mark_token() at the top of each iteration of the user's loop;
  module   else each call of the root module from outside any forward.
The phases tile the request: `prefill` from its start to the start of the second iteration (the first token
is out: time to first token), `decode#k` from the start of iteration k+1 to the next one (the last one to the
request's end).

Every boundary of a reference or captured request is timed as step boundaries are (timing.py: CUDA events on
the current stream once the workload uses CUDA, read after the capture has synchronised the device;
perf_counter always): time to first token and per output token from the plain requests, without any
instrumentation. In captured requests each phase is also a range the import turns into a phase: an NVTX
start/end range (nvtx modes: process-wide, so `ncu --nvtx-include OPSCOPE_DECODE#5` replays one iteration) or a
record_function (profiler modes), named OPSCOPE_PREFILL and OPSCOPE_DECODE#k.
"""

import functools
import importlib.abc
import importlib.util
import sys
import time

import torch
from torch.autograd.profiler import record_function

from . import compat, markers

PREFILL_RANGE = "OPSCOPE_PREFILL"
DECODE_RANGE = "OPSCOPE_DECODE#"  # + the decode iteration's number, from 1

# The generate() of model libraries: (module, class, method, the per-token method wrapped on the model).
LIBRARY_GENERATE = (
    ("transformers.generation.utils", "GenerationMixin", "generate", "prepare_inputs_for_generation"),
)

# Keyword arguments added to every library generate() call that does not give them itself: how a launcher fix
# changes the request without editing the script (e.g. {"cache_implementation": "static"}, `static-cache`).
_extra_generate_kwargs = {}

# Iteration boundaries, weakest first (see iteration()).
_PRIORITY = {"module": 0, "marker": 1, "library": 2}


def add_generate_kwargs(**kwargs):
    """Adds keyword arguments to the library generate() calls that do not pass them (launcher fixes)."""
    _extra_generate_kwargs.update(kwargs)


def _batch_of(args, kwargs):
    """(batch, prompt tokens) of a request's input: the first tensor among input_ids, inputs and the arguments."""
    candidates = [kwargs.get("input_ids"), kwargs.get("inputs")] + list(args) + list(kwargs.values())
    for value in candidates:
        if isinstance(value, torch.Tensor) and value.dim() >= 1:
            return int(value.shape[0]), int(value.shape[1]) if value.dim() >= 2 else None
        if isinstance(value, dict):  # a tokenizer's BatchEncoding passed positionally
            found = _batch_of((), value)
            if found[0] is not None:
                return found
    return None, None


class _Clock:
    """Boundaries of one request: a CUDA event (when the workload uses CUDA) and perf_counter_ns each."""

    def __init__(self):
        self.events = []
        self.cpu_ns = []

    def mark(self):
        event = None
        if compat.cuda_available() and torch.cuda.is_initialized():
            event = torch.cuda.Event(enable_timing=True)
            event.record()
        self.events.append(event)
        self.cpu_ns.append(time.perf_counter_ns())

    def has_gpu_times(self):
        return bool(self.events) and all(e is not None for e in self.events)

    def gpu_iterations_ns(self):
        return [int(round(a.elapsed_time(b) * 1e6)) for a, b in zip(self.events, self.events[1:])]

    def cpu_iterations_ns(self):
        return [b - a for a, b in zip(self.cpu_ns, self.cpu_ns[1:])]


class _Request:
    def __init__(self, kind, batch, prompt_tokens):
        self.kind = kind  # "warmup", "reference" or "capture"
        self.batch = batch
        self.prompt_tokens = prompt_tokens
        self.boundary = None  # "library", "marker" or "module": the first seen decides
        self.iterations = 0
        self.clock = _Clock() if kind != "warmup" else None
        self.range = None  # the open phase's NVTX handle or record_function


class Requests:
    """The requests of a run and their phases (one Session has one)."""

    def __init__(self, session):
        self.session = session
        self.current = None
        self.timed = []  # reference and captured requests, in order
        self.boundary_sources = set()  # the boundary each request ended with
        self.library_calls = 0

    # -- a request begins and ends with its step --------------------------------------------------
    def begin(self, batch=None, prompt_tokens=None):
        """A request starts now (its step has begun): its prefill phase opens."""
        s = self.session
        kind = "capture" if s.capturing else "reference" if s.referencing else "warmup"
        request = _Request(kind, batch, prompt_tokens)
        self.current = request
        # The range first, then the clock: whatever delays opening the range (a garbage collection of the
        # profiler's records) falls before both, in the same iteration of the trace and of the timing.
        self._open_phase(PREFILL_RANGE)
        if request.clock is not None:
            request.clock.mark()

    def end(self):
        """The request is over (before its step ends, so that the phase closes inside the step and the capture)."""
        request, self.current = self.current, None
        if request is None:
            return
        self._close_phase(request)
        if request.boundary is not None:
            self.boundary_sources.add(request.boundary)
        if request.clock is not None:
            request.clock.mark()
            self.timed.append(request)

    def describe_inputs(self, batch, prompt_tokens):
        if self.current is not None and self.current.batch is None:
            self.current.batch, self.current.prompt_tokens = batch, prompt_tokens

    # -- iterations ----------------------------------------------------------------------------
    def iteration(self, source):
        """An iteration of the decode loop begins (`source`: library, marker or module)."""
        request = self.current
        if request is None:
            return
        if request.boundary != source:
            # The first source seen decides; a stronger one seen by the end of the prefill takes over (a library
            # whose prefill calls the model before its per-token hook first runs).
            stronger = request.boundary is not None and _PRIORITY[source] > _PRIORITY[request.boundary]
            if request.boundary is not None and not (stronger and request.iterations <= 1):
                return
            request.boundary = source
        request.iterations += 1
        if request.iterations == 1:
            return  # the prefill began with the request
        self._close_phase(request)
        self._open_phase(DECODE_RANGE + str(request.iterations - 1))
        if request.clock is not None:
            request.clock.mark()

    def on_root_call(self, args):
        if self.current is not None and self.current.batch is None:
            self.describe_inputs(*_batch_of(args, {}))
        self.iteration("module")

    # -- phase ranges (captured requests only) ---------------------------------------------------
    def _open_phase(self, name):
        request, s = self.current, self.session
        if request is None or request.kind != "capture":
            return
        if s.use_nvtx:
            request.range = ("nvtx", torch.cuda.nvtx.range_start(name))
        elif s.recording:
            rf = record_function(name)
            rf.__enter__()
            request.range = ("rf", rf)

    @staticmethod
    def _close_phase(request):
        opened, request.range = request.range, None
        if opened is None:
            return
        kind, handle = opened
        if kind == "nvtx":
            torch.cuda.nvtx.range_end(handle)
        else:
            handle.__exit__(None, None, None)

    # -- the status --------------------------------------------------------------------------------
    def report(self):
        """The status JSON's "generation" object, once the device has been synchronised; None without requests."""
        if not self.timed and self.session.source != "generate":
            return None
        clock = "cuda_event" if self.timed and all(r.clock.has_gpu_times() for r in self.timed) else "perf_counter"
        requests = []
        for r in self.timed:
            cpu = r.clock.cpu_iterations_ns()
            requests.append({
                "kind": r.kind,
                "batch": r.batch,
                "prompt_tokens": r.prompt_tokens,
                "boundary": r.boundary,
                "iterations_ns": r.clock.gpu_iterations_ns() if clock == "cuda_event" else cpu,
                "cpu_iterations_ns": cpu,
            })
        return {
            "clock": clock,
            "boundaries": sorted(self.boundary_sources),
            "library_calls": self.library_calls,
            "ranges": {"prefill": PREFILL_RANGE, "decode": DECODE_RANGE},
            "requests": requests,
        }


# -- model libraries' generate() -------------------------------------------------------------------------
def _wrap_generate(generate, per_token_name):
    from . import session as session_module

    @functools.wraps(generate)
    def opscope_generate(model, *args, **kwargs):
        s = session_module.current()
        if s is None or getattr(s, "_in_generate", False):
            return generate(model, *args, **kwargs)  # no session, or a generate() inside one (an assistant's)
        for key, value in _extra_generate_kwargs.items():
            if key not in kwargs and not (key == "cache_implementation" and "past_key_values" in kwargs):
                kwargs[key] = value
        s.requests.library_calls += 1
        batch, prompt = _batch_of(args, kwargs)
        owns_step = s.begin_request_call(batch, prompt)
        per_token = _wrap_per_token(model, per_token_name, s)
        s._in_generate = True
        completed = False
        try:
            result = generate(model, *args, **kwargs)
            completed = True
            return result
        finally:
            s._in_generate = False
            per_token.restore()
            s.end_request_call(owns_step, raise_when_complete=completed)

    opscope_generate.__opscope_wrapped__ = generate
    return opscope_generate


class _InstanceWrap:
    """A method replaced on one object for a while (an instance attribute), then put back as it was."""

    def __init__(self, obj, name, replacement):
        self.obj, self.name = obj, name
        self.had = name in getattr(obj, "__dict__", {})
        self.previous = obj.__dict__.get(name) if self.had else None
        try:
            object.__setattr__(obj, name, replacement)
            self.installed = True
        except (AttributeError, TypeError):
            self.installed = False

    def restore(self):
        if not self.installed:
            return
        if self.had:
            object.__setattr__(self.obj, self.name, self.previous)
        else:
            try:
                object.__delattr__(self.obj, self.name)
            except AttributeError:
                pass


class _NoWrap:
    def restore(self):
        pass


def _wrap_per_token(model, name, s):
    original = getattr(model, name, None) if name else None
    if original is None:
        return _NoWrap()

    @functools.wraps(original)
    def per_token(*args, **kwargs):
        s.requests.iteration("library")
        return original(*args, **kwargs)

    return _InstanceWrap(model, name, per_token)


def _patch(module):
    for module_name, class_name, method, per_token in LIBRARY_GENERATE:
        if module.__name__ != module_name:
            continue
        cls = getattr(module, class_name, None)
        original = getattr(cls, method, None) if cls is not None else None
        if original is None or hasattr(original, "__opscope_wrapped__"):
            continue
        setattr(cls, method, _wrap_generate(original, per_token))
        markers.emit("generate", "%s.%s.%s" % (module_name, class_name, method))


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        try:
            _patch(module)
        except Exception as e:  # never break the workload's import
            markers.warning("could not wrap %s's generate(): %s" % (module.__name__, e))


class LibraryGenerateFinder(importlib.abc.MetaPathFinder):
    """Wraps the generate() of the model libraries in LIBRARY_GENERATE when the script imports them."""

    names = {entry[0] for entry in LIBRARY_GENERATE}

    def find_spec(self, fullname, path, target=None):
        if fullname not in self.names:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
                spec.loader = _PatchingLoader(spec.loader)
                return spec
            if spec is not None:
                return None
        return None

    def install(self):
        for name in self.names:  # already imported (by sitecustomize, say)
            if name in sys.modules:
                _patch(sys.modules[name])
        sys.meta_path.insert(0, self)

    def remove(self):
        if self in sys.meta_path:
            sys.meta_path.remove(self)
