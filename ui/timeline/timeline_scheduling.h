#pragma once
// How building the timeline uses the machine, in one place: how many threads and which row job runs on
// how many of them (the rows' fresh pages are faulted in by core's policy, opscope/concurrency/
// fresh_memory.h). Qt-free, part of the row index (timeline_rows.h).

#include "opscope/concurrency/parallel.h"

#include <cstddef>
#include <functional>
#include <span>

namespace opscope::ui {

// `requested` threads, or with 0 one per usable core (concurrency::threadsUpTo), at most 8.
unsigned timelineThreads(unsigned requested);

// Runs build(job, threads) for every job of non-zero size (jobSizes[job]: its events) on `threads`
// threads, each thread taking the biggest job left so that the last to start is small; a job bigger
// than all the others together gets every thread, first. `alongside` runs on one of the threads
// meanwhile, after the jobs have been handed out.
void runBiggestFirst(std::span<const size_t> jobSizes, size_t threads,
                     const std::function<void(size_t job, size_t threads)> &build,
                     const std::function<void()> &alongside);

} // namespace opscope::ui
