"""A distributed job under OpScope (docs/ranks.md): the collective timeout during an ncu replay.

ncu serialises the kernels of the rank it replays; the other ranks wait in their collectives for it far
longer than in a normal step. OpScope sets OPSCOPE_PG_TIMEOUT_S for the replay, and this gives
torch.distributed.init_process_group that timeout when the script passes none (NCCL's default is 10
minutes, gloo's 30).
"""

import datetime
import functools
import os


def raise_collective_timeout():
    seconds = os.environ.get("OPSCOPE_PG_TIMEOUT_S", "")
    if not seconds.isdigit():
        return None
    try:
        import torch.distributed as dist
    except ImportError:
        return None
    if not hasattr(dist, "init_process_group") or getattr(dist.init_process_group, "_opscope", False):
        return None
    original = dist.init_process_group
    timeout = datetime.timedelta(seconds=int(seconds))

    @functools.wraps(original)
    def init_process_group(*args, **kwargs):
        if len(args) < 3 and kwargs.get("timeout") is None:  # timeout is the third parameter
            kwargs["timeout"] = timeout
        return original(*args, **kwargs)

    init_process_group._opscope = True
    dist.init_process_group = init_process_group
    return timeout
