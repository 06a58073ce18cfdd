"""Module stacks of the graphs torch.compile hands Inductor, for OpScope's import.

Compiled code runs no module forward, so the module labels see the compiled root alone. Dynamo keeps on
every node of its graph the modules the node's code ran in (node.meta["nn_module_stack"]), and Inductor
names those nodes beside each kernel launch in output_code.py ("Source Nodes: [...]"). This records, for
each graph, node name -> module paths (named_modules() names, outermost first, the root left out) as
opscope_module_stacks_<n>.json in the Inductor debug folder (TORCH_COMPILE_DEBUG), through Inductor's
pre-grad custom pass hook, which sees the graph with the node names the debug files use. The import
(core/include/opscope/compiled_modules.h) gives each kernel the common ancestor of its nodes' modules.

Backward kernels name nodes of the backward graph too (mm_13, sum_21), which the pre-grad graph never
had. AOTAutograd copies each forward node's module stack to the backward nodes made from it
(meta["fwd_nn_module_stack"]); Inductor's post-grad pre-pass hook sees those graphs, forward and
backward, and each is written as opscope_module_stacks_post_<n>.json ("pass": "post_grad").
"""

import itertools
import json
import os
import re

_QUOTED = r"""['"]([^'"]+)['"]"""


def module_path(qualified):
    """Dynamo's spelling of a module path -> its named_modules() name:
    "L['self'].model.layers[0]", "L['self']._modules['model']._modules['layers']._modules['0']" and
    "L['self']._orig_mod.model" all give "model..."; the root gives ""."""
    s = re.sub(r"^L\[" + _QUOTED + r"\]", "", qualified)
    s = re.sub(r"\._modules\[" + _QUOTED + r"\]", r".\1", s)
    s = re.sub(r"\[" + _QUOTED + r"\]", r".\1", s)
    s = re.sub(r"\[(\d+)\]", r".\1", s)
    return ".".join(part for part in s.split(".") if part and part != "_orig_mod")


def known_path(path, known):
    """`path`, or its shortest suffix that named_modules() knows (a compiled bound method may reach the
    root through another name than L['self']); None when none is known."""
    parts = path.split(".")
    for start in range(len(parts) + 1):
        candidate = ".".join(parts[start:])
        if candidate in known:
            return candidate
    return None


def graph_stacks(graph, known=None):
    """node name -> module paths of an FX graph's nodes, and path -> class name. Paths not in `known`
    (named_modules() names, when given) are left out of the stacks."""
    nodes, classes = {}, {}
    for node in graph.nodes:
        meta = getattr(node, "meta", None) or {}
        stack = meta.get("nn_module_stack") or meta.get("fwd_nn_module_stack")
        if not stack:
            continue
        paths = []
        for value in stack.values():
            qualified, cls = value[0], value[1] if len(value) > 1 else None
            path = module_path(str(qualified))
            if known is not None and path:
                path = known_path(path, known)
            if not path or path in paths:
                continue
            paths.append(path)
            name = getattr(cls, "__name__", None) or (str(cls).rsplit(".", 1)[-1].rstrip("'>") if cls else "")
            if name:
                classes.setdefault(path, name)
        if paths:
            nodes[node.name] = paths
    return nodes, classes


try:
    from torch._inductor.custom_graph_pass import CustomGraphPass as _PassBase
except ImportError:  # torch before 2.4
    _PassBase = object


class _RecordingPass(_PassBase):
    """An Inductor pass that changes nothing and writes the graph's module stacks. Inductor keys its
    graph cache on the passes it runs: uuid() and pickling give this process's own token, so the cache
    misses once per process (the pass then sees every graph) and the key stays computable."""

    def __init__(self, recorder, post_grad, previous, token):
        self.recorder, self.post_grad, self.previous, self.token = recorder, post_grad, previous, token

    def __call__(self, graph):
        try:
            self.recorder.write(graph, post_grad=self.post_grad)
        except Exception as e:  # recording must never break the compile
            self.recorder.warn("module stacks of a compiled graph not written: %s" % e)
        if self.previous is not None:
            return self.previous(graph)
        return None

    def uuid(self):
        return self.token

    def __reduce__(self):
        return (str, (self.token,))


class ModuleStackRecorder:
    """Installs the pre-grad and post-grad passes; each graph Inductor compiles is written to `folder()`."""

    def __init__(self, root, warn):
        self.known = {name for name, _ in root.named_modules()}
        self.warn = warn
        self.counter = itertools.count()
        self.post_counter = itertools.count()

    def install(self):
        import torch._inductor.config as inductor_config

        if not hasattr(inductor_config, "pre_grad_custom_pass"):
            self.warn("this torch has no Inductor pre-grad pass hook: the module tree of compiled code is the root alone")
            return False
        token = "opscope-module-stacks-%d-%d" % (os.getpid(), id(self))
        inductor_config.pre_grad_custom_pass = _RecordingPass(self, False, inductor_config.pre_grad_custom_pass, token)
        if hasattr(inductor_config, "post_grad_custom_pre_pass"):  # older torch: backward-only nodes keep no module
            inductor_config.post_grad_custom_pre_pass = _RecordingPass(
                self, True, inductor_config.post_grad_custom_pre_pass, token)
        return True

    @staticmethod
    def folder():
        from torch._dynamo.utils import get_debug_dir

        return get_debug_dir()

    def write(self, graph, post_grad=False):
        import torch

        nodes, classes = graph_stacks(graph, self.known)
        index = next(self.post_counter if post_grad else self.counter)
        folder = self.folder()
        os.makedirs(folder, exist_ok=True)
        name = "opscope_module_stacks_%s%d.json" % ("post_" if post_grad else "", index)
        with open(os.path.join(folder, name), "w") as f:
            json.dump({"format": "opscope-module-stacks", "version": 1, "graph": index,
                       "pass": "post_grad" if post_grad else "pre_grad",
                       "torch": torch.__version__, "modules": classes, "nodes": nodes}, f)
