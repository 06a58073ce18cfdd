#pragma once
// A hand-built step for the what-if replay and insight suites: ProfilerStep#1 over [0, end] on one host
// thread, kernels and copies on stream 7, each launched by its own API call (correlation ids in order).

#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <string>

namespace opscope::test {

class StepBuilder {
public:
    explicit StepBuilder(int64_t end)
    {
        p.threads.push_back({1, 1, kNoString});
        p.ranges.push_back({0, end, p.intern("ProfilerStep#1"), kNoString, 0, 0, RangeKind::UserAnnotation});
    }
    // A kernel launched by a call over [at, at + callNs], running over [start, start + duration].
    void kernel(int64_t at, int64_t callNs, int64_t start, int64_t duration, const std::string &name = {})
    {
        const uint32_t id = ++correlation_;
        p.api_calls.push_back({at, at + callNs, p.intern("cudaLaunchKernel"), 0, id, ApiKind::Runtime});
        Kernel k;
        k.name = p.intern(name.empty() ? "k" + std::to_string(id) : name);
        k.start_ns = start;
        k.end_ns = start + duration;
        k.correlation_id = id;
        k.stream = 7;
        p.kernels.push_back(k);
    }
    // A host call over [start, end] that launches nothing (a synchronisation, say).
    void call(int64_t start, int64_t end, const char *name)
    {
        p.api_calls.push_back({start, end, p.intern(name), 0, ++correlation_, ApiKind::Runtime});
    }
    // A copy launched by `name` over [at, callEnd], running over [start, end].
    void copy(int64_t at, int64_t callEnd, int64_t start, int64_t end, uint8_t copyKind, uint8_t srcKind,
              uint8_t dstKind, const char *name = "cudaMemcpyAsync")
    {
        const uint32_t id = ++correlation_;
        p.api_calls.push_back({at, callEnd, p.intern(name), 0, id, ApiKind::Runtime});
        p.memory_ops.push_back({start, end, 1 << 20, id, 7, 0, MemoryOpKind::Memcpy, copyKind, srcKind, dstKind});
    }
    // An operator on the host thread over [start, end].
    Index op(const char *name, int64_t start, int64_t end)
    {
        Operator o;
        o.name = p.intern(name);
        o.start_ns = start;
        o.end_ns = end;
        o.thread = 0;
        p.operators.push_back(o);
        return Index(p.operators.size() - 1);
    }
    StepTiming timing()
    {
        p.finalize();
        return stepTiming(p);
    }
    Profile p;

private:
    uint32_t correlation_ = 0;
};

} // namespace opscope::test
