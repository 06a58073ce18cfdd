"""A distributed job under OpScope (docs/ranks.md): one rendezvous store per stage, the collective
timeout during an ncu replay, and the last gloo collective of a capture.

ncu serialises the kernels of the rank it replays; the other ranks wait in their collectives for it far
longer than in a normal step. OpScope sets OPSCOPE_PG_TIMEOUT_S for the replay, and this gives
torch.distributed.init_process_group that timeout when the script passes none (NCCL's default is 10
minutes, gloo's 30).
"""

import datetime
import functools
import inspect
import os
import time

# How long the capture waits, before stopping the profiler, for gloo's worker threads to end their
# collectives' profiler records (see settle_gloo_records).
GLOO_RECORD_GRACE_S = 0.1


def separate_stage_store():
    """Gives the default process group a store of its own stage (OPSCOPE_STAGE: correlation, nsys, replay).

    Each rank runs the script once per stage inside one torchrun or srun job, and torchrun's agent keeps
    one rendezvous store for the whole job: a stage's process group would find the previous stage's keys
    there (NCCL's unique id of a process that has ended) and connect to it ("remote process exited or
    there was a network error", seen on two H200s). The launcher builds the env:// store itself and
    prefixes it with the stage, which all ranks of a stage share; a script that passes its own store or
    another init_method keeps it.
    """
    stage = os.environ.get("OPSCOPE_STAGE", "")
    if not stage:
        return None
    try:
        import torch.distributed as dist
    except ImportError:
        return None
    original = getattr(dist, "init_process_group", None)
    if original is None or not hasattr(dist, "PrefixStore") or getattr(original, "_opscope_stage", False):
        return None
    try:
        signature = inspect.signature(original)
    except (TypeError, ValueError):
        return None

    @functools.wraps(original)
    def init_process_group(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return original(*args, **kwargs)
        given = bound.arguments
        if given.get("store") is None and given.get("init_method") in (None, "env://"):
            extra = {} if given.get("timeout") is None else {"timeout": given["timeout"]}
            store, rank, world_size = next(
                dist.rendezvous("env://", given.get("rank", -1), given.get("world_size", -1), **extra))
            given["store"] = dist.PrefixStore("opscope/%s/" % stage, store)
            given["rank"], given["world_size"] = rank, world_size
            given.pop("init_method", None)
        return original(*bound.args, **bound.kwargs)

    init_process_group._opscope_stage = True
    dist.init_process_group = init_process_group
    return stage


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


def several_ranks():
    """A process group of more than one rank is running."""
    import torch.distributed as dist

    try:
        return dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1
    except Exception:
        return False


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


# How long a rank waits at the start of the capture for the others (then it goes on, with a warning).
CAPTURE_ALIGN_TIMEOUT_S = 120
# The range each rank records the moment the ranks are released together (ranks.h: kRanksAlignedMarker).
RANKS_ALIGNED_MARKER = "opscope.ranks_aligned"


class RankAlignment:
    """Starts the captured step on every rank at the same moment.

    Starting the capture costs each rank a different time (the profiler's start-up, the allocator's
    history): on two H200s rank 0 began its captured step 25 ms after rank 1 and so arrived last at every
    all-reduce, a straggler made by the capture. Once its instruments are on, each rank checks in at the
    job's rendezvous store and waits for the others there: no collective, and the wait is before the step.
    Released, every rank records an empty range RANKS_ALIGNED_MARKER: one instant on every rank's clock.
    The import aligns the ranks' clocks on it: the legacy profiler's traces (CPU torch) count from each
    rank's own profiler start, which the store wait puts tens of ms apart, and gloo's all-reduces end too
    unevenly (ms) to align them on. Returns the seconds waited, or None (not distributed, or no store).
    """

    def __init__(self):
        self.count = 0

    def wait_for_all(self, warn):
        try:
            import torch.distributed as dist
            from torch.distributed import distributed_c10d
        except ImportError:
            return None
        if not (dist.is_available() and dist.is_initialized()):
            return None
        world = dist.get_world_size()
        store = getattr(distributed_c10d, "_get_default_store", lambda: None)()
        if world < 2 or store is None:
            return None
        self.count += 1
        key = "opscope/capture_start/%d" % self.count
        t0 = time.monotonic()
        try:
            if store.add(key, 1) == world:
                store.set(key + "/all", "1")
            store.wait([key + "/all"], datetime.timedelta(seconds=CAPTURE_ALIGN_TIMEOUT_S))
        except (RuntimeError, ValueError) as e:  # torch raises RuntimeError (DistStoreError) on a timeout
            warn("the ranks did not all reach the captured step within %d s (%s): this rank's capture starts "
                 "unaligned" % (CAPTURE_ALIGN_TIMEOUT_S, str(e).splitlines()[0] if str(e) else type(e).__name__))
            return time.monotonic() - t0
        from torch.autograd.profiler import record_function

        with record_function(RANKS_ALIGNED_MARKER):
            pass
        return time.monotonic() - t0
