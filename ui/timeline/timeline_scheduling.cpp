#include "timeline/timeline_scheduling.h"

#include "opscope/concurrency/cores.h"

#include <algorithm>
#include <vector>

namespace opscope::ui {

unsigned timelineThreads(unsigned requested)
{
    return requested > 0 ? requested : unsigned(concurrency::threadsUpTo(8));
}

void runBiggestFirst(std::span<const size_t> jobSizes, size_t threads,
                     const std::function<void(size_t job, size_t threads)> &build,
                     const std::function<void()> &alongside)
{
    std::vector<size_t> order;
    size_t events = 0;
    for (size_t j = 0; j < jobSizes.size(); ++j)
        if (jobSizes[j] != 0) {
            order.push_back(j);
            events += jobSizes[j];
        }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return jobSizes[a] > jobSizes[b]; });
    // A job bigger than all the others together (an nsys export's API calls on the main thread: 13.7 M of
    // 19 M events) would leave the other threads idle for most of the build: it gets them all, first.
    size_t first = 0;
    if (!order.empty() && 2 * jobSizes[order[0]] > events) {
        build(order[0], threads);
        first = 1;
    }
    // `alongside` last: the jobs are ordered biggest first, and it is smaller than the biggest.
    forEachIndex(order.size() - first + 1, threads, [&](size_t i) {
        if (first + i < order.size())
            build(order[first + i], 1);
        else
            alongside();
    });
}

} // namespace opscope::ui
