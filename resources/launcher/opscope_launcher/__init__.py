"""OpScope's launcher: runs a PyTorch script unchanged under a capture.

    python3 -m opscope_launcher [--mode torch|cpu|nvtx|none] [--warmup N] [--steps M] -- script.py args...

Scripts whose step is not one call of their model can mark it themselves; without the launcher
these calls do nothing, so the script still runs on its own:

    import opscope_launcher
    for batch in loader:
        with opscope_launcher.step():
            train_step(batch)

or call `opscope_launcher.mark_step()` once per iteration (like torch.profiler's `prof.step()`).

Inference scripts with their own decode loop mark each request, and optionally each iteration of the loop
(without mark_token(), each call of the model is one):

    with opscope_launcher.request():
        for t in range(new_tokens):
            opscope_launcher.mark_token()
            logits = model(tokens, cache)
            ...
"""

import contextlib

__version__ = "1.0"
__all__ = ["step", "mark_step", "request", "mark_token", "capturing", "__version__"]


def _session():
    from . import session

    return session.current()


@contextlib.contextmanager
def step():
    """Marks the enclosed block as one step."""
    s = _session()
    if s is None:
        yield
        return
    s.begin_marked_step()
    completed = False
    try:
        yield
        completed = True
    finally:
        s.end_marked_step(raise_when_complete=completed)


def mark_step():
    """Marks a step boundary: the previous step (if any) ends and the next begins."""
    s = _session()
    if s is not None:
        s.mark_step()


@contextlib.contextmanager
def request(batch=None):
    """Marks the enclosed block as one generation request (one step: its prefill and decode iterations are
    phases). `batch`: the sequences it generates for, when the model's first input does not say."""
    s = _session()
    if s is None:
        yield
        return
    s.begin_request(batch)
    completed = False
    try:
        yield
        completed = True
    finally:
        s.end_request(raise_when_complete=completed)


def mark_token():
    """Marks the start of one iteration of a decode loop inside a request (the first is the prefill)."""
    s = _session()
    if s is not None:
        s.mark_token()


def capturing():
    """True while the captured steps run (e.g. to skip logging that would disturb them)."""
    s = _session()
    return bool(s is not None and s.capturing)
