"""Step times: CUDA events on the current stream where the workload uses the GPU, time.perf_counter always.

The reference steps (no instrumentation) and the captured steps are timed the same way, so that the
ratio of their medians is the capture's overhead. Events are recorded at the step boundaries on the
current stream and read only after the capture has synchronised the device: nothing waits inside a step.
"""

import statistics
import time

import torch

from . import compat

CUDA_EVENT = "cuda_event"
PERF_COUNTER = "perf_counter"


class StepTimer:
    """The durations of a run of steps, each from its begin() to its end()."""

    def __init__(self):
        self.cpu_ns = []
        self._events = []  # (start, end) CUDA events per step; None where CUDA was not in use
        self._open = None

    def begin(self):
        event = None
        # A CPU workload never gets a CUDA context from us: events only once the workload made one.
        if compat.cuda_available() and torch.cuda.is_initialized():
            event = torch.cuda.Event(enable_timing=True)
            event.record()
        self._open = (event, time.perf_counter_ns())

    def end(self):
        if self._open is None:
            return
        start_event, start = self._open
        self._open = None
        end_event = None
        if start_event is not None:
            end_event = torch.cuda.Event(enable_timing=True)
            end_event.record()
        self.cpu_ns.append(time.perf_counter_ns() - start)
        self._events.append((start_event, end_event))

    @property
    def count(self):
        return len(self.cpu_ns)

    def has_gpu_times(self):
        return bool(self._events) and all(s is not None and e is not None for s, e in self._events)

    def gpu_ns(self):
        """GPU time of each step (the device must have been synchronised since), or None."""
        if not self.has_gpu_times():
            return None
        return [int(round(start.elapsed_time(end) * 1e6)) for start, end in self._events]


def median(values):
    return int(statistics.median(values)) if values else None


def report(reference, captured, steps_requested):
    """The "reference" object of the status JSON: both runs of steps on one clock.

    The clock is CUDA events when every step of both runs has them (the GPU's time between the step
    boundaries), else time.perf_counter (the host's); perf_counter times are always given too."""
    runs = [t for t in (reference, captured) if t.count]
    clock = CUDA_EVENT if runs and all(t.has_gpu_times() for t in runs) else PERF_COUNTER
    ref_ns = (reference.gpu_ns() if clock == CUDA_EVENT else reference.cpu_ns) or []
    cap_ns = (captured.gpu_ns() if clock == CUDA_EVENT else captured.cpu_ns) or []
    ref_median, cap_median = median(ref_ns), median(cap_ns)
    return {
        "steps": steps_requested,
        "clock": clock,
        "steps_ns": ref_ns,
        "median_ns": ref_median,
        "captured_steps_ns": cap_ns,
        "captured_median_ns": cap_median,
        "overhead": round(cap_median / ref_median, 4) if ref_median and cap_median else None,
        "cpu_steps_ns": list(reference.cpu_ns),
        "captured_cpu_steps_ns": list(captured.cpu_ns),
    }
