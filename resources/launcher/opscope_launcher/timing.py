"""Step times: CUDA events on the current stream where the workload uses the GPU, time.perf_counter always.

The reference steps (no instrumentation) and the captured steps are timed the same way, so that the
ratio of their medians is the capture's overhead. Events are recorded at the step boundaries on the
current stream and read only after the capture has synchronised the device: nothing waits inside a step.

The launch calibration times a burst of cheap kernel launches on the host: run in the traced process (nsys)
and in a plain one, the difference per launch is what the tracer adds to every CUDA call, which OpScope takes
out of the traced host's time (docs/insights.md, the host model).
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


# A short plain step is timed many times (one noisy step must not decide), a long one a few: the reference
# steps go on after the capture while they took less than this many seconds in all, up to this many steps.
DEFAULT_REFERENCE_SECONDS = 1.0
MAX_REFERENCE_STEPS = 50

CALIBRATION_LAUNCHES = 2000
CALIBRATION_ROUNDS = 3


def calibrate_launches(launches=CALIBRATION_LAUNCHES, rounds=CALIBRATION_ROUNDS):
    """The host's time per launch of a one-element in-place add on the current device, the fastest of
    `rounds` bursts of `launches` (the GPU runs each in a few microseconds, so the launch queue never fills
    and the host never waits); None when the workload does not use CUDA."""
    if not (compat.cuda_available() and torch.cuda.is_initialized()):
        return None
    x = torch.zeros(1, device=torch.device("cuda", torch.cuda.current_device()))
    torch.cuda.synchronize()
    best = None
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for _ in range(launches):
            x.add_(1)
        elapsed = time.perf_counter_ns() - start
        torch.cuda.synchronize()
        best = elapsed if best is None else min(best, elapsed)
    return {"launches": launches, "rounds": rounds, "ns_per_launch": round(best / launches, 1)}


def median(values):
    return int(statistics.median(values)) if values else None


def report(reference, captured, steps_requested, calibration=None, after_capture=0):
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
        "steps_after_capture": after_capture,
        "calibration": calibration,
    }
