#pragma once
// A hand-built generation request on a GPU (tst_generation_analysis, tst_views), where every figure is known: a
// prefill of 40 kernels of 40 us, then decode iterations of 20 kernels each launched every `launchEveryNs` by a
// host that takes 400 us per token, the attention's bmm and softmax among them, a host synchronisation per
// token; the plain requests' timing (generation.h) says 2 ms to the first token and 400 us per token.
#include "opscope/generation.h"
#include "step_builder.h"

#include <string>

namespace opscope::test {

constexpr int64_t us = 1000;
constexpr int kDecodes = 10;
constexpr int64_t kPrefillNs = 2000 * us, kTokenNs = 400 * us;

struct GenerationShape {
    int64_t decodeKernelNs = 5 * us; // each of the 20 kernels of a decode iteration
    int64_t launchEveryNs = 15 * us; // ... launched this far apart
    std::string attentionKernel = "gemv_bmm";
    bool syncPerToken = true;
};

// One captured request (prefill, then kDecodes iterations) and the plain requests' timing.
inline Profile generationRequest(const GenerationShape &shape = {})
{
    StepBuilder b(kPrefillNs + kDecodes * kTokenNs);
    Profile &p = b.p;
    const auto range = [&](const std::string &text, int64_t start, int64_t end) {
        p.ranges.push_back({start, end, p.intern(text), kNoString, 0, 0, RangeKind::StartEnd});
    };
    const auto module = [&](const char *path, const char *cls, Index parent, int64_t start, int64_t end) {
        ModuleInstance m;
        m.start_ns = start;
        m.end_ns = end;
        m.path = p.intern(path);
        m.class_name = p.intern(cls);
        m.parent = parent;
        m.thread = 0;
        p.modules.push_back(m);
        return Index(p.modules.size() - 1);
    };
    const auto kernel = [&](int64_t at, int64_t duration, Index mod, const char *op, const std::string &name) {
        b.kernel(at, 3 * us, at + 5 * us, duration, name);
        Kernel &k = p.kernels.back();
        k.module = mod;
        if (op) {
            k.op = b.op(op, at, at + 4 * us);
            p.operators[k.op].module = mod;
        }
    };
    // The prefill: 40 kernels of 40 us back to back, in the root module.
    range("OPSCOPE_PREFILL", 0, kPrefillNs);
    Index root = module("", "TinyLM", kNoIndex, 0, kPrefillNs - 100 * us);
    for (int i = 0; i < 40; ++i)
        kernel(10 * us + i * 45 * us, 40 * us, root, "aten::mm", "gemm_prefill");
    // Each decode iteration: 20 kernels launched every 15 us, two of them the attention's, then a sync.
    for (int d = 1; d <= kDecodes; ++d) {
        const int64_t t0 = kPrefillNs + (d - 1) * kTokenNs;
        range("OPSCOPE_DECODE#" + std::to_string(d), t0, t0 + kTokenNs);
        root = module("", "TinyLM", kNoIndex, t0, t0 + 320 * us);
        const Index attn = module("blocks.0.attn", "Attention", root, t0 + 100 * us, t0 + 140 * us);
        for (int i = 0; i < 20; ++i) {
            const int64_t at = t0 + 10 * us + i * shape.launchEveryNs;
            if (i == 7)
                kernel(at, shape.decodeKernelNs, attn, "aten::bmm", shape.attentionKernel);
            else if (i == 8)
                kernel(at, shape.decodeKernelNs, attn, "aten::_softmax", "softmax_warp_forward");
            else
                kernel(at, shape.decodeKernelNs, root, "aten::mm", "gemv");
        }
        if (shape.syncPerToken)
            b.call(t0 + 340 * us, t0 + 350 * us, "cudaStreamSynchronize");
    }
    GenerationTiming t;
    t.clock = "cuda_event";
    t.boundary = "library";
    TimedRequest plain;
    plain.batch = 4;
    plain.promptTokens = 64;
    plain.iterationsNs.push_back(kPrefillNs);
    for (int d = 0; d < kDecodes; ++d)
        plain.iterationsNs.push_back(kTokenNs);
    t.reference = {plain, plain, plain};
    t.captured = {plain};
    setGenerationTiming(p, t);
    p.finalize();
    return p;
}

} // namespace opscope::test
