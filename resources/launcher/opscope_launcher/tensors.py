"""The tensors that outlive a step, by address: written at the end of the capture as memory_tensors.json
beside the trace, so that OpScope classifies the allocator's blocks that hold them (docs/memory.md).

- parameters and buffers of every module of the model (the root the labels found), with the module
  path the labels give it;
- each parameter's gradient (.grad) as the optimizer step found it (GradientWatch), else as it stands
  at the end;
- the state of every torch.optim.Optimizer alive (found by the garbage collector: no hook of
  torch.optim is needed, so torch 1.13 works too), per parameter ("weight.exp_avg").

Addresses are those of the tensors' storages (what the allocator handed out), sizes the storages'.
"""

import gc
import json
import os

import torch

TENSORS_NAME = "memory_tensors.json"


def _storage(t):
    """(address, bytes) of a tensor's storage; None for tensors without one (meta, sparse, wrappers)."""
    try:
        s = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
        size = s.nbytes() if hasattr(s, "nbytes") else s.size() * s.element_size()
        return s.data_ptr(), int(size)
    except Exception:
        return None


def _device(t):
    return t.device.index if t.device.type == "cuda" and t.device.index is not None else -1


def _optimizers():
    return [o for o in gc.get_objects() if isinstance(o, torch.optim.Optimizer)]


class GradientWatch:
    """The gradients as the optimizer step finds them: a script that sets them to None before its next
    forward (zero_grad(set_to_none=True), the default since torch 2.0) has none left at the end of the
    capture. Each optimizer alive at the start gets its own step wrapped (an attribute of the instance,
    so torch.optim's own hooks and profiling stay) and the wrapper notes each parameter's .grad."""

    def __init__(self):
        self.grads = {}  # id(parameter) -> gradient tensor at the last step
        self._wrapped = []

    def start(self):
        for optimizer in _optimizers():
            original = optimizer.step

            def step(*args, _original=original, _optimizer=optimizer, **kwargs):
                for group in _optimizer.param_groups:
                    for p in group["params"]:
                        if p.grad is not None:
                            self.grads[id(p)] = p.grad
                return _original(*args, **kwargs)

            own = optimizer.__dict__.get("step")  # a step the script set on the instance itself
            optimizer.step = step
            self._wrapped.append((optimizer, own))

    def stop(self):
        for optimizer, own in self._wrapped:
            if own is not None:
                optimizer.step = own
            else:
                optimizer.__dict__.pop("step", None)  # the class's step again
        self._wrapped = []


def inventory(root, module_path, grads=None):
    """The tensors of `root` (an nn.Module) and of the optimizers alive; `module_path(m)` names a module;
    `grads` (id(parameter) -> tensor) the gradients the optimizer step saw."""
    rows, seen, owner = [], set(), {}
    grads = grads or {}

    def add(kind, tensor, path, name):
        if not isinstance(tensor, torch.Tensor) or tensor.device.type not in ("cpu", "cuda"):
            return
        storage = _storage(tensor)
        if storage is None or storage[0] == 0:
            return
        key = (kind, storage[0], _device(tensor))
        if key in seen:  # tied weights: one storage, listed once
            return
        seen.add(key)
        rows.append({"kind": kind, "address": storage[0], "bytes": storage[1], "device": _device(tensor),
                     "module": path, "name": name})

    for module in root.modules():
        path = module_path(module)
        for name, p in module.named_parameters(recurse=False):
            owner[id(p)] = (path, name)
            add("parameter", p, path, name)
            grad = p.grad if p.grad is not None else grads.get(id(p))
            if grad is not None:
                add("gradient", grad, path, name)
        for name, b in module.named_buffers(recurse=False):
            add("buffer", b, path, name)
    for optimizer in _optimizers():
        for param, state in optimizer.state.items():
            path, name = owner.get(id(param), ("", "(not in the model)"))
            for key, value in state.items():
                add("optimizer_state", value, path, "%s.%s" % (name, key))
    return rows


def write_inventory(trace_path, root, module_path, grads=None):
    """Writes memory_tensors.json beside the trace; returns its path, or None with nothing to write."""
    if root is None or not trace_path:
        return None
    rows = inventory(root, module_path, grads)
    path = os.path.join(os.path.dirname(os.path.abspath(trace_path)), TENSORS_NAME)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"format": "opscope-memory-tensors", "version": 1, "tensors": rows}, f)
    return path
