#!/usr/bin/env python3
"""GPT-2 from the transformers library trained with DistributedDataParallel (or FSDP2), as its users write
it, with one rank given more work: its data loader hands it `--straggler-factor` times the batch (uneven
shards), so the other ranks wait for it in DDP's gradient all-reduces (FSDP's all-gathers and
reduce-scatters).

    torchrun --nproc-per-node 2 bench/gpu/ddp_gpt2.py [--layers 4] [--batch 8] [--seq 512] [--steps 30]
    opscope capture --nproc-per-node 2 bench/gpu/ddp_gpt2.py -- --steps 30 [--wrap fsdp]
    torchrun --nproc-per-node 2 bench/gpu/ddp_gpt2.py --trace-dir D [--schedule 2,1,2]

`--trace-dir D` profiles as torch.profiler's users do, without OpScope: each rank its own
`torch.profiler.schedule(wait, warmup, active)` (`--schedule`, default 2,1,2) and `on_trace_ready` writing
D/rank<R>.json.gz; each rank's window opens when that rank reaches its own `prof.step()`.

`--host-ms-per-sample F` gives the data loader host work of its own, in the training process (as a loader
with num_workers=0 tokenizing or augmenting does): each step builds the rank's batch on the CPU, about F ms
of work per sample (sorting random keys, sized once on rank 0 and the same work on every rank), and copies
it to the device. With a small model the step is then bound by the host, and the rank given more samples
has more host work: the straggler of a host-bound job.

`--wrap fsdp` shards with FSDP2 (`torch.distributed.fsdp.fully_shard`, torch >= 2.6): each transformer
block is a unit of its own, the rest of the model the root unit, as its tutorial writes it.

NCCL on GPUs (one per local rank); where the local ranks outnumber the GPUs (two ranks on a one-GPU machine)
they share them round-robin over gloo, since NCCL refuses two ranks on one GPU; without CUDA it runs on the
CPU with gloo, and without transformers it trains examples/gpt.py's GPT instead (how CI's machine, with
Debian's CPU torch, runs it).
"""

import argparse
import os
import sys

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
from torch.nn.parallel import DistributedDataParallel  # noqa: E402


def build_model(args, device):
    """The model and its loss of (model, tokens): GPT-2's own, or cross-entropy on examples' GPT."""
    try:
        from transformers import GPT2Config, GPT2LMHeadModel
    except ImportError:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
        from gpt import GPT

        def loss(model, tokens):
            return torch.nn.functional.cross_entropy(model(tokens).flatten(0, 1), tokens.flatten())

        return GPT(args.layers, args.width, args.heads, args.seq, args.vocab).to(device), loss
    config = GPT2Config(n_layer=args.layers, n_embd=args.width, n_head=args.heads, n_positions=args.seq,
                        vocab_size=args.vocab)
    return GPT2LMHeadModel(config).to(device), lambda model, tokens: model(tokens, labels=tokens).loss


def init_ranks():
    """Joins the job's process group: (rank, device, cuda). NCCL with a GPU of its own per local rank; gloo
    (DDP all-reduces CUDA tensors through host memory) where the local ranks share GPUs, or without CUDA."""
    cuda = torch.cuda.is_available()
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if not cuda:
        dist.init_process_group("gloo")
        return dist.get_rank(), torch.device("cpu"), False
    gpus = torch.cuda.device_count()
    shared = int(os.environ.get("LOCAL_WORLD_SIZE", "1")) > gpus
    device = torch.device("cuda", local_rank % gpus)
    torch.cuda.set_device(device)
    dist.init_process_group("gloo" if shared else "nccl")
    if shared and dist.get_rank() == 0:
        print("%s local ranks share %d GPU(s): gloo, not NCCL" % (os.environ["LOCAL_WORLD_SIZE"], gpus), flush=True)
    return dist.get_rank(), device, True


def host_batches(args, batch, device):
    """A function that returns the next batch of tokens (batch x seq) on `device`: the same tensor each time, or
    with --host-ms-per-sample, one built on the host with about that much CPU work per sample (the work sized on
    rank 0, so every rank does the same work per sample)."""
    tokens = torch.randint(0, min(args.vocab, 50257), (batch, args.seq), device=device)
    if args.host_ms_per_sample <= 0:
        return lambda: tokens
    import time

    size = [0]
    if dist.get_rank() == 0:  # the number of keys whose sort takes host_ms_per_sample here
        torch.sort(torch.rand(1 << 14))  # the first sort's one-time start-up is no part of the measure

        def ms_to_sort(n):
            times = []
            for _ in range(3):
                start = time.perf_counter()
                torch.sort(torch.rand(n))
                times.append((time.perf_counter() - start) * 1e3)
            return sorted(times)[1]

        n = 1 << 14
        while True:
            took = ms_to_sort(n)
            if took >= args.host_ms_per_sample / 4 or n >= 1 << 26:
                size[0] = max(1, int(n * args.host_ms_per_sample / took))
                break
            n *= 2
        print("data loader: %d keys sorted per sample (%.2f ms measured for %d)" % (size[0], took, n), flush=True)
    dist.broadcast_object_list(size, src=0)
    keys = size[0]

    def next_batch():
        rows = []
        for _ in range(batch):
            order = torch.sort(torch.rand(keys)).indices[: args.seq]
            rows.append(order % min(args.vocab, 50257))
        host = torch.stack(rows)
        return host.to(device, non_blocking=False) if device.type == "cuda" else host

    return next_batch


def users_profiler(args, rank, cuda):
    """torch.profiler as its users run it (--trace-dir): their schedule, their on_trace_ready; None without."""
    if not args.trace_dir:
        return None
    from torch.profiler import ProfilerActivity, profile, schedule

    wait, warmup, active = (int(n) for n in args.schedule.split(","))
    os.makedirs(args.trace_dir, exist_ok=True)

    def write(prof):
        prof.export_chrome_trace(os.path.join(args.trace_dir, "rank%d.json.gz" % rank))

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if cuda else [])
    prof = profile(activities=activities, schedule=schedule(wait=wait, warmup=warmup, active=active, repeat=1),
                   on_trace_ready=write)
    prof.start()
    return prof


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--width", type=int, default=768)
    p.add_argument("--heads", type=int, default=12)
    p.add_argument("--vocab", type=int, default=50304)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--straggler-rank", type=int, default=1)
    p.add_argument("--straggler-factor", type=float, default=2, help="its batch is this many times the others'")
    p.add_argument("--trace-dir", default="", help="profile with torch.profiler, each rank to DIR/rank<R>.json.gz")
    p.add_argument("--schedule", default="2,1,2", help="torch.profiler.schedule's wait,warmup,active")
    p.add_argument("--wrap", choices=["ddp", "fsdp"], default="ddp")
    p.add_argument("--host-ms-per-sample", type=float, default=0,
                   help="the data loader's host work per sample, in ms (0: one batch made once on the device)")
    args = p.parse_args()

    rank, device, cuda = init_ranks()
    torch.manual_seed(0)
    model, loss_of = build_model(args, device)
    if args.wrap == "fsdp":
        from torch.distributed.fsdp import fully_shard

        for block in [m for m in model.modules() if type(m).__name__ in ("GPT2Block", "Block")]:
            fully_shard(block)
        ddp = fully_shard(model)
    else:
        ddp = DistributedDataParallel(model, device_ids=[device.index] if cuda else None)
    optimizer = torch.optim.AdamW(ddp.parameters(), lr=1e-4)
    batch = int(round(args.batch * (args.straggler_factor if rank == args.straggler_rank else 1)))
    next_batch = host_batches(args, batch, device)
    autocast = torch.autocast("cuda", dtype=torch.bfloat16) if cuda else torch.autocast("cpu", enabled=False)

    prof = users_profiler(args, rank, cuda)
    for _ in range(args.steps):
        tokens = next_batch()
        optimizer.zero_grad(set_to_none=True)
        with autocast:
            loss = loss_of(ddp, tokens)
        loss.backward()
        optimizer.step()
        if prof is not None:
            prof.step()
    if prof is not None:
        prof.stop()
    if cuda:
        torch.cuda.synchronize()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
