"""Labels every nn.Module forward with `<path>[<Class>]`, through global forward hooks.

While the captured steps run, the label is pushed as an NVTX push/pop range on the calling thread
(CUDA builds) and opened as a record_function of the same text. Outside the capture nothing is
emitted, so an ncu filter on a module label selects that module's kernels in the captured steps only. The first module called from
outside any module forward is the root: its path is empty, so its label is its class ("[GPT]"), and
every other module's path is the name named_modules() gives it (a child called `model` stays
"model", apart from the root); its calls mark the steps when no explicit marker is used. Modules
called from outside the root (a loss module) take the name of the caller's variable ("criterion"). A forward that raises still closes its range: with torch >= 2.1 the post-hook is
registered with always_call=True; older versions unwind stale entries at the next hook.

During the reference steps (see session.py) the global hooks are removed altogether (suspend /
resume): when steps are root-module calls, the root module alone keeps hooks of its own that find the
step boundaries.
"""

import os
import re
import sys
import threading
import weakref

import torch
from torch.autograd.profiler import record_function

from . import compat

ROOT_NAME = ""  # named_modules() calls the root ""
_IDENTIFIER = re.compile(r"[^A-Za-z0-9_.]")
# Frames of torch and of this package are not the user's: variable names are looked up elsewhere.
_SKIPPED_DIRS = (os.path.dirname(torch.__file__), os.path.dirname(os.path.abspath(__file__)))


class _Entry:
    __slots__ = ("module", "nvtx", "rf", "frame")

    def __init__(self, module, frame):
        self.module = module
        self.nvtx = False
        self.rf = None
        self.frame = frame  # the module's _call_impl frame, to find entries left by an exception


def _live_frames(start):
    live = set()
    frame = start
    while frame is not None:
        live.add(id(frame))
        frame = frame.f_back
    return live


def _first_pre_hook(module, hook):
    """Registers `hook` to run before the module's other forward pre-hooks (torch >= 2.0's prepend): FSDP2's
    root pre-hook all-gathers the parameters, which is the step's work, so the step boundary goes before
    it (after it, each plain step held the next step's all-gather and the captured step lacked its own)."""
    try:
        return module.register_forward_pre_hook(hook, prepend=True)
    except TypeError:  # torch 1.x: no prepend, and no FSDP2 either
        return module.register_forward_pre_hook(hook)


def _frames_above(start):
    frame = start.f_back
    while frame is not None:
        yield frame
        frame = frame.f_back


def _tensor_signature(value, depth=0):
    """What a forward input looks like, for telling identical layers apart (shapes, dtypes, flags)."""
    if isinstance(value, torch.Tensor):
        return ("T", tuple(value.shape), str(value.dtype))
    if depth < 2 and isinstance(value, (list, tuple)):
        return tuple(_tensor_signature(v, depth + 1) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)[:32]
    return type(value).__name__


def _strip_compiled_prefix(name):
    # torch.compile wraps the model in an OptimizedModule whose child is "_orig_mod".
    if name == "_orig_mod":
        return ""
    if name.startswith("_orig_mod."):
        return name[len("_orig_mod."):]
    return name


def _tensors(value, depth=0):
    if isinstance(value, torch.Tensor):
        yield value
    elif depth < 2 and isinstance(value, (list, tuple)):
        for v in value:
            yield from _tensors(v, depth + 1)
    elif depth < 2 and isinstance(value, dict):
        for v in value.values():
            yield from _tensors(v, depth + 1)


_backward_open = threading.local()  # per autograd thread: the backward ranges now open


def _label_backward(name, inputs, output):
    """Opens the start/end range `name` when the backward of this call starts (its output's gradient
    function is about to run) and ends it when the gradients of all its inputs are ready.

    A start/end range, not push/pop: the hooks run inside the engine's own NVTX ranges
    (emit_nvtx's "evaluate_function"), whose pops would take a pushed label off the stack. While
    backward runs, autograd's thread is the only one launching kernels, so a process-wide range
    encloses exactly this layer's backward kernels. Plain autograd hooks, not module backward hooks:
    those wrap the tensors and break in-place ops."""
    grad_fns = list(dict.fromkeys(t.grad_fn for t in _tensors(output) if t.grad_fn is not None))
    needs_grad = [t for t in _tensors(inputs) if t.requires_grad and t.grad_fn is not None]
    if not grad_fns or not needs_grad or not hasattr(grad_fns[0], "register_prehook"):
        return  # nothing to enclose, or a torch without node pre-hooks
    # The nodes that produce the inputs' gradients: once they are about to run, this backward is done.
    state = {"range": None, "waiting": [t.grad_fn for t in needs_grad]}

    def close():
        opened = getattr(_backward_open, "stack", [])
        if state in opened:
            opened.remove(state)
        handle, state["range"] = state["range"], None
        torch.cuda.nvtx.range_end(handle)

    def make_begin(node):
        def begin(_grad_outputs):
            opened = _backward_open.__dict__.setdefault("stack", [])
            # The previous layer's output node is this layer's input node, and torch may run this
            # layer's "begin" before the previous layer's "end" there: close what ends at this node first.
            for other in list(opened):
                if other["range"] is not None and all(n is node for n in other["waiting"]):
                    other["waiting"] = []
                    other["close"]()
            if state["range"] is None and state["waiting"]:
                state["range"] = torch.cuda.nvtx.range_start(name)
                opened.append(state)
            return None
        return begin

    def end(tensor):
        def on_grad(_grad):
            if tensor.grad_fn in state["waiting"]:
                state["waiting"].remove(tensor.grad_fn)
            if not state["waiting"] and state["range"] is not None:
                close()
            return None
        return on_grad

    state["close"] = close
    for node in grad_fns:
        node.register_prehook(make_begin(node))
    for tensor in needs_grad:
        tensor.register_hook(end(tensor))


class Labeller:
    def __init__(self, session, use_nvtx):
        self.session = session
        self.use_nvtx = use_nvtx
        self.root = None
        self.root_label = None
        self._names = {}  # id(module) -> (weakref, path, class name)
        self._fallback_counts = {}
        self._local = threading.local()
        self._handles = []
        self._always_called = compat.forward_hook_takes_always_call()
        self._indexed_at_step = -1
        # Calls seen while capturing: id(module) -> [module ref, path, class, first-call order, [input signatures]]
        self.captured_calls = {}
        self._call_order = 0
        self._backward_ranges = {}  # forward label -> the start/end range spanning that layer's backward
        self._root_handles = []  # the root's own hooks during the reference steps
        self._root_call = None  # the _call_impl frame of the root call now running (reference steps)
        # Compiled models keep the global hooks through the reference steps, quiet: Dynamo guards on
        # the hooks, and removing and installing them again recompiles the model inside the captured step.
        self._quiet = False

    # -- installation --------------------------------------------------------------------------
    def install(self):
        from torch.nn.modules import module as nn_module

        self._handles.append(nn_module.register_module_forward_pre_hook(self._pre_hook))
        if self._always_called:
            self._handles.append(nn_module.register_module_forward_hook(self._post_hook, always_call=True))
        else:
            self._handles.append(nn_module.register_module_forward_hook(self._post_hook))

    def label_backward_of(self, ranges):
        self._backward_ranges = dict(ranges)

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []
        self._remove_root_hooks()

    # -- reference steps: no global hooks -------------------------------------------------------
    def suspend(self, watch_root):
        """Removes the global hooks, so that every module call takes torch's hook-free path. With
        `watch_root` (steps are root-module calls) only the root module keeps hooks of its own: its
        pre-hook finds the step boundaries, its post-hook forgets the call; two hook calls per step.
        Under torch.compile the hooks stay and fall quiet instead: they only watch the root's calls
        (the compiled code runs no hook inside); so do they when the script compiled code itself during the warm-up
        (transformers compiles the decode step of a static cache)."""
        if getattr(self.session.options, "compile", "eager") != "eager" or compat.dynamo_compiled():
            self._stack().clear()
            self._quiet = True
            return
        for handle in self._handles:
            handle.remove()
        self._handles = []
        self._stack().clear()  # entries whose post-hook will not run now
        if watch_root and self.root is not None:
            self._root_call = None
            self._root_handles.append(_first_pre_hook(self.root, self._root_pre_hook))
            self._root_handles.append(self.root.register_forward_hook(self._root_post_hook))

    def resume(self):
        """Puts the global hooks back (the reference steps are over)."""
        if self._quiet:
            self._quiet = False
            return
        self._remove_root_hooks()
        if not self._handles:
            self.install()

    def _remove_root_hooks(self):
        for handle in self._root_handles:
            handle.remove()
        self._root_handles = []
        self._root_call = None

    def _root_pre_hook(self, module, args):
        if compat.is_compiling():
            return None
        caller = sys._getframe(1)  # the root's _call_impl
        if self._root_call is not None and self._root_call in _frames_above(caller):
            return None  # the root called inside its own forward: not a step boundary
        self._root_call = caller
        self.session.on_root_call(args)  # may end the reference steps (and put the global hooks back)
        if self._handles:
            # The global pre-hook was not called for this call (torch took the hook list before it was
            # installed), but the global post-hook will be: label it as the global pre-hook would have.
            self._enter(module, args, caller)
        return None

    def _root_post_hook(self, module, args, output):
        if sys._getframe(1) is self._root_call:
            self._root_call = None  # also frees the frame (and its locals) at once
        return None

    # -- names ---------------------------------------------------------------------------------
    def _set_root(self, module):
        self.root = module
        self._index_tree(module)
        self.root_label = self.label_of(module)
        self.session.on_root_found()

    def _index_tree(self, root):
        for name, child in root.named_modules():
            path = _strip_compiled_prefix(name)
            key = id(child)
            if key in self._names and self._names[key][0]() is child:
                continue
            self._names[key] = (weakref.ref(child), path, self._class_name(child))

    @staticmethod
    def _class_name(module):
        inner = getattr(module, "_orig_mod", None)  # OptimizedModule: name the compiled model's class
        if isinstance(inner, torch.nn.Module):
            return type(inner).__name__
        return type(module).__name__

    def _variable_name(self, module):
        """The name a caller's variable gives `module` (e.g. "criterion"), for modules outside the root."""
        frame = sys._getframe(1)
        for _ in range(32):
            if frame is None:
                break
            filename = frame.f_code.co_filename
            if not filename.startswith(_SKIPPED_DIRS):
                for scope in (frame.f_locals, frame.f_globals):
                    for name, value in list(scope.items()):  # a copy: other threads may change it
                        if value is module and not name.startswith("_"):
                            return name
            frame = frame.f_back
        return None

    def _name_of(self, module):
        key = id(module)
        known = self._names.get(key)
        if known is not None and known[0]() is module:
            return known[1], known[2]
        if self.root is not None and self._indexed_at_step != self.session.started:
            # Modules added to the model after its first call; at most once a step, since a model
            # that builds modules anew on every call would otherwise walk its tree each time.
            self._indexed_at_step = self.session.started
            self._index_tree(self.root)
            known = self._names.get(key)
            if known is not None and known[0]() is module:
                return known[1], known[2]
        cls = self._class_name(module)
        stack = self._stack()
        if stack:
            # Not registered in the model but called inside a forward (often built on the fly):
            # name it after its caller, so a module made anew per call keeps one stable name.
            parent_path, _ = self._name_of(stack[-1].module)
            name = "%s.%s" % (parent_path, cls.lower()) if parent_path else cls.lower()
        else:
            name = self._variable_name(module)
            if not name:
                count = self._fallback_counts.get(cls, 0)
                self._fallback_counts[cls] = count + 1
                name = "%s_%d" % (cls.lower(), count)
        name = _IDENTIFIER.sub("_", name)
        try:
            self._names[key] = (weakref.ref(module), name, cls)
        except TypeError:
            pass
        return name, cls

    def label_of(self, module):
        path, cls = self._name_of(module)
        return "%s[%s]" % (path, cls)

    # -- hooks ---------------------------------------------------------------------------------
    def _stack(self):
        stack = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        return stack

    def _unwind(self, stack, index):
        while len(stack) > index:
            entry = stack.pop()
            if entry.rf is not None:
                try:
                    entry.rf.__exit__(None, None, None)
                except Exception:
                    pass
            if entry.nvtx:
                try:
                    torch.cuda.nvtx.range_pop()
                except Exception:
                    pass

    def close_record_functions(self):
        """Ends the record_function of every open module on this thread (the capture is stopping)."""
        for entry in self._stack():
            if entry.rf is not None:
                try:
                    entry.rf.__exit__(None, None, None)
                except Exception:
                    pass
                entry.rf = None

    def _pre_hook(self, module, args):
        if compat.is_compiling():
            return None
        if self._quiet:
            if module is not self.root or self._stack():
                return None
            self.session.on_root_call(args)  # may end the reference steps (and the quiet)
            if not self._quiet:
                self._enter(module, args, sys._getframe(1))
            return None
        stack = self._stack()
        if self.root is None and not stack:
            self._set_root(module)
        if stack and not self._always_called and not self._top_is_running(stack):
            self._drop_stale(stack)
        if module is self.root:
            if not stack:
                self.session.on_root_call(args)  # may end the capture (and the run)
                if not self._handles or self._quiet:
                    return None  # the reference steps begin: these hooks are gone (or quiet), their post-hook too
        self._enter(module, args, sys._getframe(1))
        return None

    def _enter(self, module, args, call_frame):
        """Opens the label of a module call (`call_frame`: its _call_impl frame)."""
        stack = self._stack()
        label = self.label_of(module)
        entry = _Entry(module, None if self._always_called else call_frame)
        # Labelled in the captured step, and while a CUDA graph is captured (graphs.py): its replays
        # run no forward, their kernels take the ranges open where their nodes were made.
        if self.use_nvtx and (self.session.capturing or self.session.graph_labels.active):
            try:
                torch.cuda.nvtx.range_push(label)
                entry.nvtx = True
            except Exception:
                self.use_nvtx = False
        if self.session.recording:
            entry.rf = record_function(label)
            entry.rf.__enter__()
        if self.session.capturing:
            self._record_call(module, args)
        stack.append(entry)

    @staticmethod
    def _top_is_running(stack):
        # The caller's _call_impl frame is usually a few frames up: a cheap check before the full walk.
        wanted = stack[-1].frame
        frame = sys._getframe(3)
        for _ in range(12):
            if frame is None:
                return False
            if frame is wanted:
                return True
            frame = frame.f_back
        return False

    def _drop_stale(self, stack):
        """Without always_call hooks (torch < 2.1) a forward that raised leaves its entry behind:
        drop the entries whose forward is no longer running."""
        live = _live_frames(sys._getframe(3))
        for i, entry in enumerate(stack):
            if entry.frame is not None and id(entry.frame) not in live:
                self._unwind(stack, i)
                return

    def _post_hook(self, module, args, output):
        if compat.is_compiling() or self._quiet:
            return None
        if self._backward_ranges and self.use_nvtx and self.session.capturing and torch.is_grad_enabled():
            name = self._backward_ranges.get(self.label_of(module))
            if name is not None:
                _label_backward(name, args, output)
        stack = self._stack()
        for i in range(len(stack) - 1, -1, -1):
            if stack[i].module is module:
                self._unwind(stack, i)  # also closes ranges of inner forwards that raised
                break
        return None

    def _record_call(self, module, args):
        key = id(module)
        record = self.captured_calls.get(key)
        if record is None or record[0]() is not module:
            path, cls = self._name_of(module)
            record = [weakref.ref(module), path, cls, self._call_order, []]
            self._call_order += 1
            self.captured_calls[key] = record
        record[4].append(_tensor_signature(tuple(args)))

    def captured_modules(self, alive_only=True):
        """(module, path, class, input signatures) of every module called while capturing, in call order.
        With alive_only=False, modules freed since (the script has ended) are listed with module None."""
        out = []
        for ref, path, cls, order, calls in sorted(self.captured_calls.values(), key=lambda r: r[3]):
            module = ref()
            if module is not None or not alive_only:
                out.append((module, path, cls, calls))
        return out
