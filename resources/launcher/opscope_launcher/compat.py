"""What the running torch can do: NVTX, CUDA, dynamo, hook options.

Works with torch 1.13 (Debian's CPU build: no NVTX, no Kineto, no dynamo) and torch 2.x.
"""

import inspect
import sys

import torch


def _find_is_compiling():
    compiler = getattr(torch, "compiler", None)
    if compiler is not None and hasattr(compiler, "is_compiling"):
        return compiler.is_compiling
    try:
        import torch._dynamo as dynamo  # noqa: F401  (torch 2.0 - 2.2)

        if hasattr(dynamo, "is_compiling"):
            return dynamo.is_compiling
    except Exception:
        pass
    return lambda: False


# True while dynamo traces: hooks must then do nothing, or they would break the graph.
is_compiling = _find_is_compiling()


def dynamo_compiled():
    """True once torch.compile has compiled a graph in this process (dynamo's own count); never imports dynamo."""
    dynamo_utils = sys.modules.get("torch._dynamo.utils")
    counters = getattr(dynamo_utils, "counters", None)
    try:
        return bool(counters and counters["stats"]["unique_graphs"] > 0)
    except Exception:
        return False


def cuda_available():
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def nvtx_available():
    """NVTX push/pop works (a CUDA build of torch); CPU builds raise "NVTX functions not installed"."""
    if not cuda_available():
        return False
    try:
        torch.cuda.nvtx.range_push("opscope-probe")
        torch.cuda.nvtx.range_pop()
        return True
    except Exception:
        return False


def synchronize():
    """Waits for the device, but never creates a CUDA context a CPU workload did not ask for."""
    try:
        if cuda_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()
    except Exception:
        pass


def kineto_available():
    try:
        return bool(torch.autograd.kineto_available())
    except Exception:
        return False


def forward_hook_takes_always_call():
    from torch.nn.modules import module as nn_module

    try:
        return "always_call" in inspect.signature(nn_module.register_module_forward_hook).parameters
    except (TypeError, ValueError):
        return False


def backend_settings():
    """The settings of torch's backends that decide which kernels run (cuDNN's autotuner, TF32), as the workload
    left them: read at the capture, recorded in the status for the insights (docs/insights.md)."""
    out = {}
    for key, read in (
        ("backends.cudnn.benchmark", lambda: torch.backends.cudnn.benchmark),
        ("backends.cudnn.deterministic", lambda: torch.backends.cudnn.deterministic),
        ("backends.cudnn.allow_tf32", lambda: torch.backends.cudnn.allow_tf32),
        ("backends.cuda.matmul.allow_tf32", lambda: torch.backends.cuda.matmul.allow_tf32),
        ("float32_matmul_precision", lambda: torch.get_float32_matmul_precision()),
    ):
        try:
            out[key] = read()
        except Exception:
            pass
    return out


def device_name():
    try:
        if cuda_available():
            return torch.cuda.get_device_name(torch.cuda.current_device())
    except Exception:
        pass
    return None
