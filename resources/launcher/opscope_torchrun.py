"""torchrun, as `opscope capture|profile --nproc-per-node N` starts it (docs/ranks.md).

`python -m opscope_torchrun ARGS...` is `python -m torch.distributed.run ARGS...` with two fixes.

The torch 1.13 of Debian 12 parses the default `--redirects 0` / `--tee 0` as None under Python 3.11
(whose enum.IntFlag no longer iterates the zero flag NONE nor the alias ALL, which its
`Std.from_str` looks the value up in), and fails with "'NoneType' object has no attribute 'get'"
before it starts a worker. A torch whose parse is right is left alone.

`--standalone` in torch before 2.0 hosts its rendezvous store on the fixed port 29400, so two
captures on one host (two users, a sweep, tests run in parallel) fail with "Address already in
use". Newer torch asks for port 0 (a free port the system picks); this does the same on every torch.
A single-node rendezvous has one agent, so nothing else needs to know the port.

Without `--log-dir`, torchrun makes a folder `torchelastic_*` in the temporary folder for its
workers' logs on every run and leaves it there (empty unless `--redirects` or `--tee` writes
into it). Here such a run gets a folder of its own that is removed when torchrun ends, unless
the workers' output was written into it.
"""
import shutil
import sys
import tempfile
import uuid


def _fix_std_parse():
    try:
        from torch.distributed.elastic.multiprocessing import api
    except ImportError:
        return
    std = getattr(api, "Std", None)
    if std is None or std.from_str("0") is not None:
        return
    original = std.from_str.__func__

    def from_str(cls, vm):
        parsed = original(cls, vm)  # its validation and errors
        if isinstance(parsed, dict):
            return {int(i): cls(int(v)) for i, v in (m.split(":") for m in vm.split(","))}
        return cls(int(vm))

    std.from_str = classmethod(from_str)


def _standalone_on_a_free_port(torchrun):
    fixed_port_run = torchrun.run

    def run(args):
        if getattr(args, "standalone", False):
            args.standalone = False
            args.rdzv_backend = "c10d"
            args.rdzv_endpoint = "localhost:0"
            args.rdzv_id = str(uuid.uuid4())
        return fixed_port_run(args)

    torchrun.run = run


def _log_folder_removed_after(torchrun):
    run_with_logs = torchrun.run

    def run(args):
        if getattr(args, "log_dir", None):
            return run_with_logs(args)
        folder = tempfile.mkdtemp(prefix="opscope_torchrun_")
        args.log_dir = folder
        try:
            return run_with_logs(args)
        finally:
            if str(getattr(args, "redirects", "0")) == "0" and str(getattr(args, "tee", "0")) == "0":
                shutil.rmtree(folder, ignore_errors=True)

    torchrun.run = run


def main():
    _fix_std_parse()
    import torch.distributed.run as torchrun
    from torch.distributed.run import main as torchrun_main

    _standalone_on_a_free_port(torchrun)
    _log_folder_removed_after(torchrun)

    sys.argv[0] = "torchrun"
    torchrun_main()


if __name__ == "__main__":
    main()
