"""Command line of the launcher: parses the options, runs the script as __main__, ends the capture."""

import argparse
import os
import re
import runpy
import sys
import traceback

from . import markers

_MARKER_USE = re.compile(r"opscope_launcher|mark_step\s*\(")


def _env_int(name, default):
    value = os.environ.get(name)
    try:
        return int(value) if value else default
    except ValueError:
        return default


def _env_float(name, default):
    value = os.environ.get(name)
    try:
        return float(value) if value else default
    except ValueError:
        return default


def _parser():
    p = argparse.ArgumentParser(
        prog="python3 -m opscope_launcher",
        description="Run a PyTorch script unchanged: label every nn.Module forward, run warm-up steps, "
        "time plain reference steps, then capture the next steps.",
    )
    p.add_argument("--mode", default=os.environ.get("OPSCOPE_MODE", "torch"),
                   choices=["nvtx", "nsys", "ncu", "torch", "cpu", "none"],
                   help="nvtx/nsys/ncu: NVTX CAPTURE range + emit_nvtx; torch: torch.profiler trace; "
                   "cpu: torch.profiler, CPU only; none: labels only (default: torch)")
    p.add_argument("--warmup", type=int, default=_env_int("OPSCOPE_WARMUP", 2), help="warm-up steps (default 2)")
    p.add_argument("--reference-steps", type=int, default=_env_int("OPSCOPE_REFERENCE_STEPS", 3),
                   help="steps timed after the warm-up with no instrumentation at all, the plain step the "
                   "capture's overhead is measured against (default 3; 0: none)")
    p.add_argument("--reference-seconds", type=float, default=_env_float("OPSCOPE_REFERENCE_SECONDS", None),
                   help="while the reference steps took less than this in all, more run after the capture (up to "
                   "50 steps), so that a short step is timed many times (default 1.0; 0: only --reference-steps)")
    p.add_argument("--steps", type=int, default=_env_int("OPSCOPE_STEPS", 1), help="captured steps (default 1)")
    p.add_argument("--step", default=os.environ.get("OPSCOPE_STEP", "auto"),
                   help="auto | module | marker | function:NAME | generate | generate:NAME (default auto: markers "
                   "when the script uses opscope_launcher, else calls of the outermost module; a model library's "
                   "generate() call makes generation requests the steps)")
    p.add_argument("--compile", default=os.environ.get("OPSCOPE_COMPILE", "eager"),
                   choices=["eager", "inductor", "reduce-overhead", "max-autotune", "cudagraphs"],
                   help="compile the root module's forward")
    p.add_argument("--fix", action="append", default=[], metavar="NAME[=ARG]",
                   help="apply a fix without editing the script (fixes.py; repeatable; --list-fixes lists them)")
    p.add_argument("--verify-control", metavar="FIFO",
                   help="opscope verify: time the steps after the warm-up in blocks, each started by a line "
                   "'go' on FIFO (verify.py)")
    p.add_argument("--verify-block-steps", type=int, default=20, help="timed steps per block (default 20)")
    p.add_argument("--trace", help="where torch/cpu mode writes the trace (default opscope_trace.json)")
    p.add_argument("--partition-map", help="write the groups of identical layers here (JSON)")
    p.add_argument("--backward-ranges", metavar="MAP",
                   help="a partition map: span the backward pass of each of its layers with a start/end range "
                        "'<path> backward', so that ncu filters reach backward kernels")
    p.add_argument("--status", help="write a JSON summary of the run here")
    p.add_argument("--keep-running", action="store_true",
                   help="let the script run on after the capture (default: end it once the capture is done)")
    p.add_argument("--no-record-shapes", action="store_true", help="do not record operator input shapes")
    p.add_argument("--with-stack", action="store_true", help="record Python stacks (torch/cpu mode)")
    p.add_argument("script", help="the Python script to run")
    p.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    return p


def _split_argv(argv):
    # "opts -- script args": everything after "--" belongs to the script, options included.
    if "--" in argv:
        i = argv.index("--")
        if i + 1 >= len(argv):
            return argv[:i], None
        return argv[:i] + [argv[i + 1]], argv[i + 2:]
    return argv, None


def _step_source(option, script_path):
    if option == "auto":
        try:
            with open(script_path, encoding="utf-8", errors="replace") as f:
                uses_markers = bool(_MARKER_USE.search(f.read()))
        except OSError:
            uses_markers = False
        return "marker" if uses_markers else "module"
    if option in ("module", "marker", "generate") or (
            option.startswith(("function:", "generate:")) and len(option.split(":", 1)[1]) > 0):
        return option
    raise SystemExit("opscope_launcher: --step must be auto, module, marker, function:NAME, generate or generate:NAME, "
                     "not %r" % option)


def _list_fixes():
    import json

    from .fixes import describe_all

    print(json.dumps(describe_all()))
    return 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--list-fixes"]:
        return _list_fixes()
    head, script_args = _split_argv(argv)
    options = _parser().parse_args(head)
    if script_args is None:
        script_args = options.args
    script = options.script
    if not os.path.isfile(script):
        markers.error("script not found: %s" % script)
        print("opscope_launcher: %s: no such file" % script, file=sys.stderr)
        return 2
    if options.warmup < 0 or options.steps < 1 or options.reference_steps < 0 or (
            options.reference_seconds is not None and not options.reference_seconds >= 0):
        print("opscope_launcher: --warmup, --reference-steps and --reference-seconds must be >= 0 and --steps >= 1",
              file=sys.stderr)
        return 2
    step_source = _step_source(options.step, script)
    mode = options.mode
    trace = options.trace
    if mode in ("torch", "cpu") and not trace:
        trace = "opscope_trace.json"

    if mode == "torch":
        # Kineto leaves CUPTI attached once torch.profiler stops unless told to tear it down: every launch after
        # the capture then costs the host more, and the plain reference steps timed after the capture read
        # 1.15-1.5x a plain process's on the H200 (bench/gpu/after_profiler.py). Before torch is imported, where
        # Kineto reads it; torch sets it back to 0 itself where CUDA graphs need CUPTI kept (session.py then
        # takes no plain step after the capture).
        os.environ.setdefault("TEARDOWN_CUPTI", "1")

    try:
        import torch
    except ImportError as e:
        markers.error("torch cannot be imported by %s: %s" % (sys.executable, e))
        print("opscope_launcher: %s cannot import torch (%s); run OpScope with --python pointing to an "
              "interpreter that has PyTorch" % (sys.executable, e), file=sys.stderr)
        return 2

    from . import session as session_module
    from .distributed import raise_collective_timeout, separate_stage_store
    from .generation import LibraryGenerateFinder
    from .stepfn import StepFunctionWatcher

    separate_stage_store()
    raise_collective_timeout()

    opts = session_module.Options(
        mode=mode, warmup=options.warmup, steps=options.steps,
        step_source="function" if step_source.startswith("function:") else
        "generate" if step_source.startswith("generate:") else step_source,
        step_option=options.step,
        trace=trace, partition_map=options.partition_map, status=options.status,
        exit_after_capture=not options.keep_running, record_shapes=not options.no_record_shapes,
        with_stack=options.with_stack, compile=options.compile, backward_ranges=options.backward_ranges,
        reference_steps=options.reference_steps,
    )
    if options.reference_seconds is not None:
        opts.reference_seconds = options.reference_seconds
    session = session_module.Session(opts)
    session_module.set_current(session)
    if options.fix or options.verify_control:
        from . import fixes as fixes_module, verify

        try:
            session.fixes = fixes_module.FixSet(options.fix) if options.fix else None
            if session.fixes is not None:
                session.fixes.before_script(session)
        except fixes_module.FixError as e:
            markers.error("--fix: %s" % e)
            print("opscope_launcher: --fix: %s" % e, file=sys.stderr)
            return 2
        if options.verify_control:
            session.verify = verify.Worker(session, options.verify_control, options.verify_block_steps,
                                           session.fixes)
            verify.seed_everything()
    markers.emit("start", "pid=%d" % os.getpid(), "torch=%s" % torch.__version__, "mode=%s" % mode,
                 "step=%s" % step_source, "warmup=%d" % opts.warmup, "reference=%d" % opts.reference_steps,
                 "steps=%d" % opts.steps)
    session.labeller.install()
    session.graph_labels.install()
    session.ddp_buckets.install()
    watcher = None
    if step_source.startswith(("function:", "generate:")):
        kind, name = step_source.split(":", 1)
        watcher = StepFunctionWatcher(session, name, requests=kind == "generate")
        watcher.start()
    # A model library's generate(): a request as the step, or the phases of the step around it.
    library_generate = LibraryGenerateFinder() if options.step != "module" else None
    if library_generate is not None:
        library_generate.install()

    # The script sees itself as __main__ with its own argv and its folder first on sys.path.
    script_path = os.path.abspath(script)
    sys.argv = [script] + list(script_args)
    sys.path[0] = os.path.dirname(script_path)
    exit_kind, code = "script-ended", 0
    try:
        runpy.run_path(script_path, run_name="__main__")
    except session_module.CaptureComplete:
        exit_kind = "complete"
    except SystemExit as e:
        if e.code is None or e.code == 0:
            code = 0
        elif isinstance(e.code, int):
            code, exit_kind = e.code, "error"
        else:
            print(e.code, file=sys.stderr)
            code, exit_kind = 1, "error"
    except KeyboardInterrupt:
        code, exit_kind = 130, "error"
    except BaseException:
        traceback.print_exc()
        code, exit_kind = 1, "error"
    finally:
        if watcher is not None:
            watcher.stop()
        if library_generate is not None:
            library_generate.remove()
    if exit_kind == "script-ended" and session.capture_over:
        exit_kind = "complete"
    try:
        session.finish(exit_kind)
    except Exception:
        traceback.print_exc()
        code = code or 3
    session.labeller.remove()
    session.graph_labels.remove()
    session.ddp_buckets.remove()
    if code == 0 and session.errors:
        code = 3
    sys.stdout.flush()
    return code
