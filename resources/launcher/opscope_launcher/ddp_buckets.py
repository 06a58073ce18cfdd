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


def label_ddp_buckets(ddp_model, process_group=None):
    """Registers the labelling all-reduce hook on `ddp_model` (a DistributedDataParallel)."""
    module_of = {id(p): _module_of_parameter(n) for n, p in ddp_model.module.named_parameters()}

    def hook(state, bucket):
        group = state if state is not None else dist.group.WORLD
        world = dist.get_world_size(group)
        modules = list(dict.fromkeys(module_of.get(id(p), "?") for p in bucket.parameters()))
        text = "%s%d %s" % (LABEL_PREFIX, bucket.index(), ";".join(m or "[]" for m in modules))
        with record_function(text):
            tensor = bucket.buffer().div_(world)
            work = dist.all_reduce(tensor, group=group, async_op=True)
        return work.get_future().then(lambda fut: fut.value()[0])

    ddp_model.register_comm_hook(process_group, hook)
