"""Where a replay's fixed time goes in examples/gpt.py: each phase of the script's start, timed."""
import os
import sys
import time

t0 = time.perf_counter()
marks = []


def mark(name):
    marks.append((name, time.perf_counter()))


import torch  # noqa: E402
mark("import torch")
torch.zeros(1, device="cuda")
torch.cuda.synchronize()
mark("CUDA context")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))
import gpt  # noqa: E402
layers = int(sys.argv[1]) if len(sys.argv) > 1 else 12
torch.manual_seed(0)
m = gpt.GPT(layers, 768, 12, 256, 8192)
mark("build on CPU")
m = m.to("cuda", torch.bfloat16)
torch.cuda.synchronize()
mark(".to(cuda, bf16)")
with torch.device("cuda"):
    m2 = gpt.GPT(layers, 768, 12, 256, 8192).to(torch.bfloat16)
torch.cuda.synchronize()
mark("build on the device")
idx = torch.randint(0, 8192, (8, 256), device="cuda")
with torch.no_grad():
    m(idx)
torch.cuda.synchronize()
mark("first forward")
with torch.no_grad():
    m(idx)
torch.cuda.synchronize()
mark("second forward")
import opscope_launcher.labels  # noqa: E402,F401
mark("import launcher")
prev = t0
for name, t in marks:
    print("%-24s %6.2f s" % (name, t - prev))
    prev = t
print("%-24s %6.2f s" % ("total", prev - t0))
