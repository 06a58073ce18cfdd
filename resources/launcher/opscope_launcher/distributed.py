"""A distributed job under OpScope (docs/ranks.md): the collective timeout during an ncu replay, and
the last gloo collective of a capture.

ncu serialises the kernels of the rank it replays; the other ranks wait in their collectives for it far
longer than in a normal step. OpScope sets OPSCOPE_PG_TIMEOUT_S for the replay, and this gives
torch.distributed.init_process_group that timeout when the script passes none (NCCL's default is 10
minutes, gloo's 30).
"""

import datetime
import functools
import os
import time

# How long the capture waits, before stopping the profiler, for gloo's worker threads to end their
# collectives' profiler records (see settle_gloo_records).
GLOO_RECORD_GRACE_S = 0.1


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


def settle_gloo_records():
    """Gives gloo's worker threads time to end the profiler records of their last collectives.

    gloo completes a collective's future and only then, on its worker thread, ends the collective's
    record_function range (torch's c10d Work::finish). DDP's backward returns when the future
    completes, so a profiler stopped right after the last captured step loses the last all-reduce in
    about 1 run in 5 (measured with torch 1.13: none lost in 60 runs with a 20 ms wait). A short wait
    costs nothing the capture measures; a barrier would wait exactly but is a collective the job did not
    ask for. Returns the seconds waited (0 when no gloo process group is in use).
    """
    try:
        import torch.distributed as dist
    except ImportError:
        return 0.0
    if not (dist.is_available() and dist.is_initialized()):
        return 0.0
    try:
        if "gloo" not in str(dist.get_backend()):  # "gloo", or "cpu:gloo,cuda:nccl" in torch 2.x
            return 0.0
    except (RuntimeError, ValueError):
        return 0.0
    time.sleep(GLOO_RECORD_GRACE_S)
    return GLOO_RECORD_GRACE_S
