"""CUDA graphs captured by the script (`torch.cuda.graph`, and `torch.cuda.make_graphed_callables`,
which uses it): labelled while they are captured, so that their replayed kernels can be attributed.

A kernel replayed from a graph runs under no operator: its launch is the graph's replay. Nsight Systems
(`--cuda-graph-trace=node`) records where each graph node was made, inside the API call the captured
code issued on the capturing thread. While a graph is captured under an NVTX mode, the launcher therefore
opens the same ranges it opens in the captured step (module labels, emit_nvtx's operator ranges), even
when the capture happens in a warm-up step or before the first step, as it usually does. The importer
then finds the operator and module around each node's creation (docs/attribution.md, "CUDA graphs").
Graphs are captured once, so this costs nothing per step.
"""

import sys

import torch

CAPTURE_RANGE = "opscope.cuda_graph_capture"


class GraphCaptureLabels:
    def __init__(self, session):
        self.session = session
        self.depth = 0  # graphs being captured now (a capture may call code that captures another)
        self.captured = 0
        self._emit_nvtx = None
        self._originals = None

    @property
    def active(self):
        return self.depth > 0

    def install(self):
        graph = getattr(getattr(torch, "cuda", None), "graph", None)
        if not self.session.use_nvtx or not isinstance(graph, type) or self._originals is not None:
            return False
        enter, exit_ = graph.__enter__, graph.__exit__
        self._originals = (graph, enter, exit_)
        labels = self

        def __enter__(ctx):
            if sys._getframe(1).f_globals.get("__name__", "").startswith("torch._"):
                # torch.compile's own graphs (Inductor's CUDA graph trees): compiled code runs no
                # module hooks, and its kernels are placed through Inductor's call() instead.
                return enter(ctx)
            labels._begin()
            ctx._opscope_labelled = True
            try:
                return enter(ctx)
            except BaseException:
                ctx._opscope_labelled = False
                labels._end()
                raise

        def __exit__(ctx, *exc):
            try:
                return exit_(ctx, *exc)
            finally:
                if getattr(ctx, "_opscope_labelled", False):
                    ctx._opscope_labelled = False
                    labels._end()

        graph.__enter__ = __enter__
        graph.__exit__ = __exit__
        return True

    def remove(self):
        if self._originals is not None:
            graph, enter, exit_ = self._originals
            graph.__enter__, graph.__exit__ = enter, exit_
            self._originals = None

    def _begin(self):
        self.depth += 1
        if self.depth > 1:
            return
        torch.cuda.nvtx.range_push(CAPTURE_RANGE)
        # Operator ranges, unless the captured step already has them on.
        if self.session._emit_nvtx is None:
            self._emit_nvtx = torch.autograd.profiler.emit_nvtx(record_shapes=self.session.options.record_shapes)
            self._emit_nvtx.__enter__()

    def _end(self):
        self.depth -= 1
        if self.depth > 0:
            return
        if self._emit_nvtx is not None:
            self._emit_nvtx.__exit__(None, None, None)
            self._emit_nvtx = None
        torch.cuda.nvtx.range_pop()
        self.captured += 1
