"""DDP's gradient buckets, named by the modules whose parameters fill them (docs/ranks.md).

`label_ddp_buckets(ddp_model)` registers a DDP communication hook that does what DDP's default hook
does (all-reduce the bucket, divide by the world size) inside a record_function range

    opscope.ddp_bucket#<index> <module path>;<module path>;...

naming the modules of the bucket's parameters as GradBucket.parameters() gives them (torch >= 1.10,
in torch 1.13 and 2.x alike). The collective launched inside the range (gloo's cpu op, NCCL's
c10d/record_param_comms op and through it its kernel) is attributed to those modules by OpScope.
The root module has the empty path and is written "[]". A Python hook costs a little more than
DDP's built-in C++ all-reduce (PyTorch's comm-hook notes); the bucket layout is DDP's own.
"""

import torch
import torch.distributed as dist
from torch.autograd.profiler import record_function

LABEL_PREFIX = "opscope.ddp_bucket#"


def _module_of_parameter(name):
    return name.rsplit(".", 1)[0] if "." in name else ""


def _modules_of_parameters(ddp_model, from_wrapper=False):
    """Module path of each parameter: as named_modules() of the wrapped model gives it, or of the DDP
    wrapper itself (`module.` before each) where the launcher labels the wrapper as the root."""
    owner = ddp_model if from_wrapper else ddp_model.module
    return {id(p): _module_of_parameter(n) for n, p in owner.named_parameters()}


def _bucket_label(bucket, module_of):
    modules = list(dict.fromkeys(module_of.get(id(p), "?") for p in bucket.parameters()))
    return "%s%d %s" % (LABEL_PREFIX, bucket.index(), ";".join(m or "[]" for m in modules))


def label_ddp_buckets(ddp_model, process_group=None, from_wrapper=False):
    """Registers the labelling all-reduce hook on `ddp_model` (a DistributedDataParallel); module paths
    as _modules_of_parameters gives them."""
    module_of = _modules_of_parameters(ddp_model, from_wrapper)

    def hook(state, bucket):
        group = state if state is not None else dist.group.WORLD
        world = dist.get_world_size(group)
        with record_function(_bucket_label(bucket, module_of)):
            tensor = bucket.buffer().div_(world)
            work = dist.all_reduce(tensor, group=group, async_op=True)
        return work.get_future().then(lambda fut: fut.value()[0])

    hook._opscope = True
    ddp_model.register_comm_hook(process_group, hook)


class AutoBucketLabels:
    """Labels the buckets of every DistributedDataParallel model the script builds, with no change to it.

    Module paths are those of the launcher's tree, whose root is the wrapper (`module.blocks.0`). DDP
    allows one communication hook per model. A model whose script registers none gets
    `label_ddp_buckets`'s hook at its first forward (before any backward, as DDP requires). A script's
    own hook (`register_comm_hook`) is kept and run inside the same label. DDP's built-in C++ hooks
    (`_register_builtin_comm_hook`, the fp16 compression ones) stay as they are and unlabelled: a
    Python hook in their place would change what the job runs.
    """

    def __init__(self):
        self._originals = None

    def install(self):
        try:
            from torch.nn.parallel import DistributedDataParallel as DDP
        except ImportError:
            return False
        if self._originals is not None or not hasattr(DDP, "register_comm_hook"):
            return False
        forward, register, builtin = DDP.forward, DDP.register_comm_hook, DDP._register_builtin_comm_hook
        self._originals = (DDP, forward, register, builtin)

        def register_comm_hook(ddp, state, hook):
            ddp._opscope_hooked = True
            if getattr(hook, "_opscope", False):
                return register(ddp, state, hook)
            return register(ddp, state, _labelled(ddp, hook))

        def _register_builtin_comm_hook(ddp, comm_hook_type):
            ddp._opscope_hooked = True
            return builtin(ddp, comm_hook_type)

        def forward_(ddp, *args, **kwargs):
            if not getattr(ddp, "_opscope_hooked", False):
                ddp._opscope_hooked = True
                try:
                    label_ddp_buckets(ddp, from_wrapper=True)
                except (RuntimeError, ValueError, AttributeError) as e:  # e.g. a torch without hooks
                    print("opscope_launcher: DDP buckets left unlabelled (%s)" % e)
            return forward(ddp, *args, **kwargs)

        DDP.forward, DDP.register_comm_hook, DDP._register_builtin_comm_hook = (
            forward_, register_comm_hook, _register_builtin_comm_hook)
        return True

    def remove(self):
        if self._originals is not None:
            DDP, forward, register, builtin = self._originals
            DDP.forward, DDP.register_comm_hook, DDP._register_builtin_comm_hook = forward, register, builtin
            self._originals = None


def _labelled(ddp_model, hook):
    """A script's own comm hook, run inside its bucket's label."""
    module_of = _modules_of_parameters(ddp_model, from_wrapper=True)

    def labelled_hook(state, bucket):
        with record_function(_bucket_label(bucket, module_of)):
            return hook(state, bucket)

    labelled_hook._opscope = True
    return labelled_hook
