"""The fixes of `opscope verify` (resources/launcher/opscope_launcher/fixes.py) on Debian's CPU torch 1.13:
each takes effect, and leaves the outputs as they were where it must; the ones this torch or a CPU
cannot take say why. Run as `python3 test_launcher_fixes.py LAUNCHER_DIR` (CTest: tst_launcher_fixes).
"""

import os
import sys
import unittest

sys.path.insert(0, sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..",
                                                                           "resources", "launcher"))

import torch  # noqa: E402
from torch import nn  # noqa: E402

from opscope_launcher import fixes  # noqa: E402
from opscope_launcher.verify import checksum  # noqa: E402


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(width, width)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return torch.relu(self.fc(x)) + x


class Model(nn.Module):
    """An embedding, identical blocks and an output layer whose width (10) is not aligned."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.wte = nn.Embedding(10, 12)
        self.blocks = nn.ModuleList([Block(12) for _ in range(3)])
        self.head = nn.Linear(12, 10)

    def forward(self, tokens):
        x = self.wte(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)

    def forward(self, x):
        return self.conv2(torch.relu(self.bn(self.conv(x))))


def forward_backward(model, x):
    model.zero_grad(set_to_none=True)
    out = model(x)
    out.float().pow(2).mean().backward()
    grads = {name: p.grad.clone() for name, p in model.named_parameters() if p.grad is not None}
    return out.detach(), grads


class TestFixes(unittest.TestCase):
    def setUp(self):
        self.tokens = torch.randint(0, 10, (4, 6), generator=torch.Generator().manual_seed(1))

    def test_pad_linear_and_embedding_keep_outputs_and_gradients(self):
        model = Model()
        before, grads_before = forward_backward(model, self.tokens)
        weight = model.head.weight
        self.assertIn("out_features 10 computed as 16", fixes.pad_width(model, "head:16"))
        self.assertIn("num_embeddings 10 computed as 64", fixes.pad_width(model, "wte:64"))
        seen = {}
        model.head.register_forward_hook(lambda m, a, out: seen.update(shape=tuple(out.shape)))
        # The padded GEMM really runs: F.linear sees 16 output features.
        calls = []
        original = torch.nn.functional.linear
        torch.nn.functional.linear = lambda x, w, b=None: calls.append(tuple(w.shape)) or original(x, w, b)
        try:
            after, grads_after = forward_backward(model, self.tokens)
        finally:
            torch.nn.functional.linear = original
        self.assertIn((16, 12), calls)
        self.assertEqual(seen["shape"], (4, 6, 10))
        self.assertIs(model.head.weight, weight)  # the optimizer's parameter is kept
        self.assertTrue(torch.allclose(before, after, rtol=1e-6, atol=1e-6))
        for name in grads_before:
            self.assertTrue(torch.allclose(grads_before[name], grads_after[name], rtol=1e-5, atol=1e-6), name)

    def test_pad_in_features(self):
        layer = nn.Linear(10, 16)
        x = torch.randn(3, 10)
        expected = layer(x)
        self.assertIn("in_features 10 computed as 16", fixes.pad_width(nn.Sequential(layer), "0:16"))
        self.assertTrue(torch.allclose(layer(x), expected, atol=1e-6))

    def test_pad_refuses_what_it_cannot_pad(self):
        model = Model()
        with self.assertRaisesRegex(fixes.FixError, "no module 'lm_head'"):
            fixes.pad_width(model, "lm_head:64")
        with self.assertRaisesRegex(fixes.FixError, "is a ModuleList: pad applies to nn.Linear and nn.Embedding"):
            fixes.pad_width(model, "blocks:64")
        with self.assertRaisesRegex(fixes.FixError, "no width below 8"):
            fixes.pad_width(model, "head:8")
        with self.assertRaisesRegex(fixes.FixError, "pad takes MODULE:N"):
            fixes.pad_width(model, "head")

    def test_checkpoint_recomputes_the_group_with_the_same_outputs(self):
        model = Model()
        before, grads_before = forward_backward(model, self.tokens)
        for block in model.blocks:
            block.calls = 0
        self.assertIn("3 modules checkpointed (blocks.0 ... blocks.2)", fixes.checkpoint_group(model, "blocks.*[Block]"))
        after, grads_after = forward_backward(model, self.tokens)
        # Each forward runs again in the backward: that is the checkpointing.
        self.assertEqual([b.calls for b in model.blocks], [2, 2, 2])
        self.assertTrue(torch.equal(before, after))
        for name in grads_before:
            self.assertTrue(torch.allclose(grads_before[name], grads_after[name], rtol=1e-6, atol=1e-7), name)
        with torch.no_grad():  # no gradients: nothing to keep, nothing recomputed
            model(self.tokens)
        self.assertEqual([b.calls for b in model.blocks], [3, 3, 3])
        with self.assertRaisesRegex(fixes.FixError, r"no module matches 'layers\.\*' \(lists of layers in this model: "
                                                    r"blocks\.\*\)"):
            fixes.checkpoint_group(Model(), "layers.*")

    def test_bf16_autocast_runs_the_root_forward_in_bf16(self):
        model = Model()
        self.assertEqual(model(self.tokens).dtype, torch.float32)
        self.assertIn("torch.autocast('cpu', dtype=torch.bfloat16)", fixes.autocast_root(model, first_call=False))
        out = model(self.tokens)
        self.assertEqual(out.dtype, torch.bfloat16)
        self.assertFalse(torch.is_autocast_cpu_enabled())  # left again after the forward

    def test_channels_last_converts_convolutions_and_inputs(self):
        model = ConvNet().eval()
        x = torch.randn(2, 3, 8, 8)
        expected = model(x)
        self.assertIn("2 Conv2d modules", fixes.channels_last(model))
        self.assertTrue(model.conv.weight.is_contiguous(memory_format=torch.channels_last))
        out = model(x)
        self.assertTrue(out.is_contiguous(memory_format=torch.channels_last))
        self.assertTrue(torch.allclose(out, expected, rtol=1e-4, atol=1e-5))
        with self.assertRaisesRegex(fixes.FixError, "no 2-D convolution"):
            fixes.channels_last(Model())

    def test_tf32_and_cudnn_benchmark_set_their_flags(self):
        saved = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32, torch.backends.cudnn.benchmark)
        try:
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.benchmark = False
            x = torch.randn(8, 8)
            expected = x @ x
            fixes.allow_tf32()
            fixes.cudnn_benchmark()
            self.assertTrue(torch.backends.cuda.matmul.allow_tf32)
            self.assertTrue(torch.backends.cudnn.allow_tf32)
            self.assertTrue(torch.backends.cudnn.benchmark)
            self.assertTrue(torch.allclose(x @ x, expected))  # the CPU has no TF32: the same result
        finally:
            (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32,
             torch.backends.cudnn.benchmark) = saved

    def test_fused_optimizer(self):
        heard = []
        classes = {name: getattr(torch.optim, name).__init__ for name in ("Adam", "AdamW", "SGD", "Adagrad")}
        try:
            detail = fixes.fused_optimizer(heard.append)
            self.assertIn("fused=True for Adam", detail)  # torch 1.13: Adam only
            params = list(Model().parameters())
            torch.optim.Adam(params, lr=0.1)
            self.assertEqual(heard[-1], "Adam left as it is: parameters on cpu (torch %s fuses CUDA parameters only)"
                             % torch.__version__)
            # Where fusing is allowed, the real Adam gets fused=True: torch 1.13 refuses it for CPU tensors.
            for name, init in classes.items():
                getattr(torch.optim, name).__init__ = init
            fixes.fused_optimizer(heard.append, allow_cpu=True)
            with self.assertRaisesRegex(RuntimeError, "[Ff]used"):
                torch.optim.Adam(iter(params), lr=0.1)
            self.assertEqual(heard[-1], "Adam built with fused=True (%d parameters)" % len(params))
        finally:
            for name, init in classes.items():
                getattr(torch.optim, name).__init__ = init

    def test_expandable_segments(self):
        self.assertEqual(fixes.merged_alloc_conf(None), "expandable_segments:True")
        self.assertEqual(fixes.merged_alloc_conf("max_split_size_mb:128,expandable_segments:False"),
                         "max_split_size_mb:128,expandable_segments:True")
        if fixes._torch_version() < (2, 1):
            with self.assertRaisesRegex(fixes.FixError, "expandable segments need torch >= 2.1"):
                fixes.expandable_segments()

    def test_compile_says_when_torch_has_no_compile(self):
        class Session:
            class options:
                compile = "eager"

        if hasattr(torch, "compile"):
            self.assertIn("torch.compile", fixes.compile_root(Session, "reduce-overhead"))
            self.assertEqual(Session.options.compile, "reduce-overhead")
        else:
            with self.assertRaisesRegex(fixes.FixError, r"compile=default needs torch.compile \(torch >= 2.0\); "
                                                        r"this is torch 1\.13"):
                fixes.compile_root(Session, "default")

    def test_static_cache_asks_generate_for_a_static_cache(self):
        from opscope_launcher import generation

        saved = dict(generation._extra_generate_kwargs)
        try:
            fixes.FixSet(["static-cache"]).before_script(None)
            self.assertEqual(generation._extra_generate_kwargs, dict(saved, cache_implementation="static"))
        finally:
            generation._extra_generate_kwargs.clear()
            generation._extra_generate_kwargs.update(saved)

    def test_parse(self):
        self.assertEqual(fixes.Fix("pad=lm_head:50304").arg, "lm_head:50304")
        with self.assertRaisesRegex(fixes.FixError, "unknown fix 'padding'"):
            fixes.Fix("padding=x:1")
        with self.assertRaisesRegex(fixes.FixError, "checkpoint needs an argument"):
            fixes.Fix("checkpoint")
        with self.assertRaisesRegex(fixes.FixError, "tf32 given twice"):
            fixes.FixSet(["tf32", "tf32"])

    def test_checksum(self):
        described = checksum({"loss": torch.tensor(2.0), "logits": torch.arange(6.0).reshape(2, 3)})
        self.assertEqual([d["name"] for d in described], ["output.loss", "output.logits"])
        self.assertEqual(described[1]["shape"], [2, 3])
        self.assertEqual(described[1]["sum"], 15.0)
        self.assertEqual(described[1]["abs_sum"], 15.0)
        self.assertAlmostEqual(described[1]["square_sum"], 55.0)
        self.assertEqual(described[1]["samples"], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0])

    def test_checksum_of_a_vocabulary_of_logits(self):
        # 2^24 + 4 elements: the last position, 2^24 + 3, is no float32 (it rounds up to 2^24 + 4, one past
        # the end). GPT-2's logits (8 x 512 x 50257) hit it on the H200: a device-side assert in the arm.
        n = (1 << 24) + 4
        described = checksum(torch.ones(n, dtype=torch.uint8))
        self.assertNotIn("error", described[0] if isinstance(described, list) else described)
        self.assertEqual(described[0]["sum"], float(n))
        self.assertEqual(len(described[0]["samples"]), 64)


if __name__ == "__main__":
    unittest.main(verbosity=2)
