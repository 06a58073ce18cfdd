#pragma once
// How building the timeline uses the machine, in one place: how many threads, which row job runs on how
// many of them, and how the rows' fresh pages are faulted in (a page fault at the first write to each
// 4 KiB page, 11-18 µs on the virtual machines OpScope is measured on, docs/performance.md: most of a
// big row's cost). Qt-free, part of the row index (timeline_rows.h).

#include "opscope/parallel.h"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace opscope::ui {

// `requested` threads, or with 0 one per core, at most 8.
unsigned timelineThreads(unsigned requested);

// Runs build(job, threads) for every job of non-zero size (jobSizes[job]: its events) on `threads`
// threads, each thread taking the biggest job left so that the last to start is small; a job bigger
// than all the others together gets every thread, first. `alongside` runs on one of the threads
// meanwhile, after the jobs have been handed out.
void runBiggestFirst(std::span<const size_t> jobSizes, size_t threads,
                     const std::function<void(size_t job, size_t threads)> &build,
                     const std::function<void()> &alongside);

// A block of fresh memory (reserved, not written yet).
struct FreshRegion {
    void *data = nullptr;
    size_t bytes = 0;
};

// Thread t of `threads` faults in its share of [data, data + bytes) (fresh::faultIn: in bulk, and read once).
void faultInShare(void *data, size_t bytes, size_t t, size_t threads);

// Every region's pages faulted in, each thread its share of each region.
void faultInOnThreads(std::span<const FreshRegion> regions, size_t threads);

// v.resize(n) into fresh memory, its pages faulted in on `threads` threads first.
template <class T> void resizeOnThreads(std::vector<T> &v, size_t n, size_t threads)
{
    if (threads > 1 && n > v.capacity()) {
        v.reserve(n);
        onThreads(threads, [&](size_t t) { faultInShare(v.data(), n * sizeof(T), t, threads); });
    }
    v.resize(n);
}

} // namespace opscope::ui
