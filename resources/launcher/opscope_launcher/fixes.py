"""The fixes `opscope verify` applies without editing the script (`--fix NAME[=ARG]`, docs/verify.md).

Each fix is one small function. It acts at one of two moments:

  before the script runs: process-wide settings (tf32, cudnn-benchmark, fused-optimizer,
      expandable-segments) and compile, which asks the session to compile the root module's forward
      exactly as `--compile` does;
  when the root module is found (its first call, before its forward runs): bf16-autocast,
      channels-last, pad, checkpoint. Submodules are changed before they run, so the first step already
      runs fixed; the root's own forward is wrapped by hooks for the same reason.

A fix returns a sentence saying what it changed (the launcher's status lists them) or raises FixError
saying why it cannot apply. `OUTPUTS` says what a fix does to the step's outputs: "same" (computed
differently, same values up to the order of floating-point sums), "close" (another precision or
algorithm: equal within a tolerance) or "changed" (not compared).
"""

import functools
import inspect
import os
import re

import torch
import torch.nn.functional as F
from torch import nn

from . import compat


class FixError(Exception):
    """A fix that cannot be applied here, with the reason."""


# name -> (argument, when it acts, what it does to the outputs, relative tolerance where compared)
SPECS = {
    "tf32": (None, "process", "close", 1e-2),
    "bf16-autocast": (None, "root", "changed", None),
    "channels-last": (None, "root", "close", 1e-2),
    "pad": ("MODULE:N", "root", "same", 1e-4),
    "cudnn-benchmark": (None, "process", "close", 1e-2),
    "fused-optimizer": (None, "process", "same", 1e-4),
    "compile": ("default|reduce-overhead|max-autotune", "process", "changed", None),
    "expandable-segments": (None, "process", "same", 1e-4),
    "checkpoint": ("GROUP", "root", "same", 1e-4),
    "static-cache": (None, "process", "changed", None),
}
COMPILE_MODES = {"default": "inductor", "reduce-overhead": "reduce-overhead", "max-autotune": "max-autotune"}


def _torch_version():
    parts = re.findall(r"\d+", torch.__version__.split("+")[0])[:2]
    return tuple(int(p) for p in parts) if len(parts) == 2 else (0, 0)


class Fix:
    def __init__(self, text):
        self.text = text
        name, _, arg = text.partition("=")
        self.name, self.arg = name.strip(), arg.strip()
        spec = SPECS.get(self.name)
        if spec is None:
            raise FixError("unknown fix %r (fixes: %s)" % (self.name, ", ".join(SPECS)))
        self.argument, self.when, self.outputs, self.tolerance = spec
        if self.argument and not self.arg:
            raise FixError("%s needs an argument: %s=%s" % (self.name, self.name, self.argument))
        if not self.argument and self.arg:
            raise FixError("%s takes no argument (got %r)" % (self.name, self.arg))

    def describe(self):
        return {"fix": self.text, "outputs": self.outputs, "tolerance": self.tolerance}


# -- process-wide fixes --------------------------------------------------------------------------------


def allow_tf32():
    """tf32: matrix products and cuDNN convolutions in FP32 run on the tensor cores' TF32 path."""
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True
    if hasattr(torch, "set_float32_matmul_precision"):
        torch.set_float32_matmul_precision("high")
    return "TF32 allowed for matmul and cuDNN (torch.backends.cuda.matmul.allow_tf32, cudnn.allow_tf32)"


def cudnn_benchmark():
    """cudnn-benchmark: cuDNN times its algorithms for each new convolution shape and keeps the fastest."""
    torch.backends.cudnn.benchmark = True
    return "torch.backends.cudnn.benchmark = True"


_FUSED_CLASSES = ("Adam", "AdamW", "SGD", "Adagrad")


def _parameters(params):
    """The tensors of an optimizer's `params` argument (tensors, or param groups as dicts)."""
    params = list(params)
    tensors = []
    for p in params:
        if isinstance(p, dict):
            tensors.extend(p.get("params", []) if not isinstance(p.get("params"), torch.Tensor) else [p["params"]])
        else:
            tensors.append(p)
    return params, tensors


def _fusable(tensors, allow_cpu):
    """Why torch's fused kernels cannot take these parameters, or None when they can."""
    if not tensors:
        return "no parameters"
    devices = {t.device.type for t in tensors}
    if not all(t.is_floating_point() for t in tensors):
        return "parameters that are not floating point"
    if devices == {"cuda"}:
        return None
    if devices == {"cpu"} and allow_cpu:
        return None
    return "parameters on %s (torch %s fuses %s parameters only)" % (
        "/".join(sorted(devices)), torch.__version__, "CUDA and CPU" if allow_cpu else "CUDA")


def fused_optimizer(record, allow_cpu=None):
    """fused-optimizer: the optimizers the script builds get fused=True where this torch has it (one
    kernel for the whole update instead of a loop over the parameters). The classes are patched in
    place, so every way the script names them is covered. `record(text)` hears each construction."""
    if allow_cpu is None:
        allow_cpu = _torch_version() >= (2, 4)  # torch 2.4 added fused CPU kernels
    patched = []
    for name in _FUSED_CLASSES:
        cls = getattr(torch.optim, name, None)
        if cls is None or getattr(cls.__init__, "_opscope_fused", False):
            continue
        if "fused" not in inspect.signature(cls.__init__).parameters:
            continue
        original = cls.__init__

        @functools.wraps(original)
        def init(self, params, *args, _original=original, _name=name, **kwargs):
            params, tensors = _parameters(params)
            if kwargs.get("fused"):
                record("%s: fused=True already" % _name)
            else:
                why_not = _fusable(tensors, allow_cpu)
                if why_not is None:
                    kwargs["fused"] = True
                    if kwargs.get("foreach"):
                        kwargs["foreach"] = False  # torch refuses both at once
                    record("%s built with fused=True (%d parameters)" % (_name, len(tensors)))
                else:
                    record("%s left as it is: %s" % (_name, why_not))
            _original(self, params, *args, **kwargs)

        init._opscope_fused = True
        cls.__init__ = init
        patched.append(name)
    if not patched:
        raise FixError("this torch (%s) has no optimizer with fused=True" % torch.__version__)
    return "fused=True for %s where the parameters allow it" % ", ".join(patched)


def merged_alloc_conf(existing):
    """PYTORCH_CUDA_ALLOC_CONF with expandable_segments:True added (or replacing a setting of it)."""
    entries = [e for e in (existing or "").split(",") if e.strip() and not e.strip().startswith("expandable_segments")]
    return ",".join(entries + ["expandable_segments:True"])


def expandable_segments():
    """expandable-segments: the CUDA caching allocator maps memory into segments that grow instead of
    new fixed-size ones, which leaves less reserved but unusable memory (fragmentation). Set before
    CUDA initialises (the allocator reads it once)."""
    if _torch_version() < (2, 1):
        raise FixError("expandable segments need torch >= 2.1 (this is torch %s)" % torch.__version__)
    if compat.cuda_available() and torch.cuda.is_initialized():
        raise FixError("CUDA is initialised already: the allocator setting must come before it")
    conf = merged_alloc_conf(os.environ.get("PYTORCH_CUDA_ALLOC_CONF"))
    os.environ["PYTORCH_CUDA_ALLOC_CONF"] = conf
    return "PYTORCH_CUDA_ALLOC_CONF=%s" % conf


def compile_root(session, mode):
    """compile=MODE: the root module's forward under torch.compile, exactly as --compile does (from
    its second call on; mode default is Inductor's default mode)."""
    if mode not in COMPILE_MODES:
        raise FixError("compile takes default, reduce-overhead or max-autotune, not %r" % mode)
    if not hasattr(torch, "compile"):
        raise FixError("compile=%s needs torch.compile (torch >= 2.0); this is torch %s" % (mode, torch.__version__))
    if session.options.compile != "eager":
        raise FixError("the workload is compiled already (--compile %s)" % session.options.compile)
    session.options.compile = COMPILE_MODES[mode]
    return "torch.compile(root.forward%s)" % ("" if mode == "default" else ", mode=%r" % mode)


def static_cache():
    """static-cache: cache_implementation="static" on each model library generate() call that passes neither
    it nor past_key_values (generation.py): the KV cache allocated once at its full length instead of grown
    per token. Its outputs are not compared: attention then runs over the whole cache under a mask, another
    order of sums, and a greedy decode in bf16 may pick another token where two are close."""
    from . import generation

    generation.add_generate_kwargs(cache_implementation="static")
    return 'cache_implementation="static" on each generate() call that passes no cache'


# -- fixes on the model ----------------------------------------------------------------------------


def _device_type(root):
    for p in root.parameters():
        return p.device.type
    return "cuda" if compat.cuda_available() and torch.cuda.is_initialized() else "cpu"


class RootAutocast:
    """bf16-autocast: the root module's forward under torch.autocast(dtype=torch.bfloat16), entered by a
    forward pre-hook and left by a forward hook (nested calls of the root stay in the outer one)."""

    def __init__(self, root):
        self.device_type = _device_type(root)
        self._contexts = []
        self._handles = [root.register_forward_pre_hook(self._enter)]
        if compat.forward_hook_takes_always_call():
            self._handles.append(root.register_forward_hook(self._leave, always_call=True))
        else:
            self._handles.append(root.register_forward_hook(self._leave))

    def enter(self):
        context = torch.autocast(self.device_type, dtype=torch.bfloat16)
        context.__enter__()
        self._contexts.append(context)

    def _enter(self, module, args):
        self.enter()

    def _leave(self, module, args, output):
        if self._contexts:
            self._contexts.pop().__exit__(None, None, None)

    def remove(self):
        for handle in self._handles:
            handle.remove()


def autocast_root(root, first_call):
    """bf16-autocast. `first_call`: the root's first call is running (its pre-hooks have been taken),
    so autocast is entered here for it."""
    autocast = RootAutocast(root)
    if first_call:
        autocast.enter()
    return "the root module's forward under torch.autocast(%r, dtype=torch.bfloat16)" % autocast.device_type


def _to_channels_last(module, args):
    converted = tuple(a.contiguous(memory_format=torch.channels_last)
                      if isinstance(a, torch.Tensor) and a.dim() == 4 else a for a in args)
    return converted


def channels_last(root):
    """channels-last: every 2-D convolution's weights in torch.channels_last (NHWC), and a forward
    pre-hook converting its 4-D inputs, so cuDNN runs NHWC kernels without layout conversions (the
    layers between convolutions keep the layout they are given)."""
    convs = [m for m in root.modules() if isinstance(m, nn.Conv2d)]
    if not convs:
        raise FixError("the model has no 2-D convolution (nn.Conv2d)")
    for conv in convs:
        conv.to(memory_format=torch.channels_last)  # keeps the Parameter objects the optimizer holds
        conv.register_forward_pre_hook(_to_channels_last)
    return "%d Conv2d module%s and their inputs in channels_last" % (len(convs), "" if len(convs) == 1 else "s")


def _module_at(root, path):
    modules = dict(root.named_modules())
    for prefix in ("", "_orig_mod."):
        if prefix + path in modules:
            return modules[prefix + path]
    raise FixError("no module %r in the model" % path)


def _padded_linear(module, width):
    out_features, in_features = module.out_features, module.in_features
    if out_features < width:
        extra = width - out_features

        def forward(x):
            weight = F.pad(module.weight, (0, 0, 0, extra))
            bias = F.pad(module.bias, (0, extra)) if module.bias is not None else None
            return F.linear(x, weight, bias)[..., :out_features]

        return forward, "out_features %d computed as %d and sliced back" % (out_features, width)
    if in_features < width:
        extra = width - in_features

        def forward(x):
            return F.linear(F.pad(x, (0, extra)), F.pad(module.weight, (0, extra)), module.bias)

        return forward, "in_features %d computed as %d (zeros appended)" % (in_features, width)
    raise FixError("Linear(%d, %d) has no width below %d to pad" % (in_features, out_features, width))


def _padded_embedding(module, width):
    if module.max_norm is not None:
        raise FixError("an Embedding with max_norm renormalises its weight in place: not padded")
    rows, dim = module.num_embeddings, module.embedding_dim

    def lookup(x, weight):
        return F.embedding(x, weight, module.padding_idx, None, module.norm_type, module.scale_grad_by_freq,
                           module.sparse)

    if rows < width:
        extra = width - rows
        return (lambda x: lookup(x, F.pad(module.weight, (0, 0, 0, extra))),
                "num_embeddings %d computed as %d" % (rows, width))
    if dim < width:
        extra = width - dim
        return (lambda x: lookup(x, F.pad(module.weight, (0, extra)))[..., :dim],
                "embedding_dim %d computed as %d and sliced back" % (dim, width))
    raise FixError("Embedding(%d, %d) has no width below %d to pad" % (rows, dim, width))


def pad_width(root, argument):
    """pad=MODULE:N: the Linear or Embedding at MODULE computed on a width padded to N and sliced back,
    so its outputs are the same: a Linear's out_features when below N, else its in_features (input
    and weight padded with zeros); an Embedding's num_embeddings when below N, else embedding_dim.
    The weight is padded on every call (one copy of it), which the real fix (a padded model) would not
    need: the measured gain is the real one minus that copy."""
    path, _, width = argument.rpartition(":")
    if not path or not width.isdigit():
        raise FixError("pad takes MODULE:N (e.g. pad=lm_head:50304), not %r" % argument)
    module = _module_at(root, path)
    width = int(width)
    if isinstance(module, nn.Linear):
        forward, what = _padded_linear(module, width)
    elif isinstance(module, nn.Embedding):
        forward, what = _padded_embedding(module, width)
    else:
        raise FixError("%s is a %s: pad applies to nn.Linear and nn.Embedding" % (path, type(module).__name__))
    module.forward = forward  # an instance attribute: module calls (and their hooks) go through it
    return "%s: %s" % (path, what)


def group_members(root, group):
    """The modules of GROUP ("blocks.*", also as a partition map names it, "blocks.*[Block]"): '*'
    stands for one part of a module path."""
    pattern = group.split("[", 1)[0]
    regex = re.compile("^" + ".".join("[^.]+" if part == "*" else re.escape(part) for part in pattern.split(".")) + "$")
    members = []
    for name, module in root.named_modules():
        name = name[len("_orig_mod."):] if name.startswith("_orig_mod.") else name
        if name and regex.match(name):
            members.append((name, module))
    return members


def _list_groups(root):
    lists = [name for name, m in root.named_modules() if isinstance(m, (nn.ModuleList, nn.Sequential)) and name]
    return ", ".join("%s.*" % name for name in lists[:8]) or "none"


def checkpoint_group(root, group):
    """checkpoint=GROUP: activation checkpointing of every member of GROUP (torch.utils.checkpoint,
    non-reentrant): their activations are dropped after the forward and computed again in the backward,
    which lowers the peak memory and costs a second forward of the group. Only while gradients are on."""
    members = group_members(root, group)
    if not members:
        raise FixError("no module matches %r (lists of layers in this model: %s)" % (group, _list_groups(root)))
    from torch.utils.checkpoint import checkpoint

    for _, member in members:
        original = member.forward

        def forward(*args, _original=original, **kwargs):
            if not torch.is_grad_enabled():
                return _original(*args, **kwargs)
            return checkpoint(_original, *args, use_reentrant=False, **kwargs)

        member.forward = forward
    return "%d module%s checkpointed (%s ... %s)" % (len(members), "" if len(members) == 1 else "s", members[0][0],
                                                    members[-1][0])


# -- the set of fixes of one run -------------------------------------------------------------------


class FixSet:
    """The fixes of one launcher run: parsed and checked before the script runs, applied at their moment."""

    def __init__(self, texts):
        self.fixes = [Fix(t) for t in texts]
        self.applied = []  # {"fix": text, "detail": sentence}
        self.events = []  # what the patched optimizers were told, in order
        names = [f.name for f in self.fixes]
        for name in set(names):
            if names.count(name) > 1:
                raise FixError("%s given twice" % name)

    def before_script(self, session):
        """The process-wide fixes (and compile's request to the session). Raises FixError."""
        for fix in self.fixes:
            if fix.when != "process":
                continue
            if fix.name == "tf32":
                detail = allow_tf32()
            elif fix.name == "cudnn-benchmark":
                detail = cudnn_benchmark()
            elif fix.name == "fused-optimizer":
                detail = fused_optimizer(self.events.append)
            elif fix.name == "expandable-segments":
                detail = expandable_segments()
            elif fix.name == "static-cache":
                detail = static_cache()
            else:
                detail = compile_root(session, fix.arg)
            self.applied.append({"fix": fix.text, "detail": detail})

    def on_root(self, root):
        """The fixes on the model, at the root's first call (before its forward runs). Raises FixError."""
        for fix in self.fixes:
            if fix.name == "tf32":
                allow_tf32()  # again: a script may have set the flags itself on its way here
            elif fix.name == "cudnn-benchmark":
                cudnn_benchmark()
            if fix.when != "root":
                continue
            if fix.name == "bf16-autocast":
                detail = autocast_root(root, first_call=True)
            elif fix.name == "channels-last":
                detail = channels_last(root)
            elif fix.name == "pad":
                detail = pad_width(root, fix.arg)
            else:
                detail = checkpoint_group(root, fix.arg)
            self.applied.append({"fix": fix.text, "detail": detail})

    def status(self):
        return {"requested": [f.describe() for f in self.fixes], "applied": self.applied,
                "optimizers": self.events}


def describe_all():
    """Every fix with its argument and what it does to the outputs (`--list-fixes`)."""
    return [{"name": name, "argument": spec[0], "when": spec[1], "outputs": spec[2], "tolerance": spec[3]}
            for name, spec in SPECS.items()]
