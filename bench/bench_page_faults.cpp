// What a first write to fresh memory costs on this machine, and what the page toucher
// (core/include/opscope/concurrency/fresh_memory.h) saves: 400 MiB of fresh anonymous memory written one byte per
// page by this thread, (a) as is, one page fault per page; (b) after the pages were populated in bulk and
// read on this thread; (c) with the page toucher doing (b) on its own thread first. Each case is run in a
// fresh mapping, three times, and the median printed with its ratio to (a) from the same run.
//
//   bench_page_faults [--mib N]
#include "opscope/concurrency/fresh_memory.h"

#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kPage = 4096;

struct Run {
    double prepareS = 0; // populating and reading (b), or the toucher's work until done (c)
    double writeS = 0;   // this thread's writes afterwards
    long faults = 0;     // minor faults of the process over the whole case
};

long minorFaults()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

double since(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

Run runCase(char mode, size_t bytes)
{
    char *p = static_cast<char *>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (p == MAP_FAILED) {
        std::perror("mmap");
        std::exit(1);
    }
    Run run;
    const long faults = minorFaults();
    auto t = Clock::now();
    if (mode == 'b') {
        madvise(p, bytes, MADV_POPULATE_WRITE);
        for (size_t i = 0; i < bytes; i += kPage)
            (void)__atomic_load_n(p + i, __ATOMIC_RELAXED);
    } else if (mode == 'c') {
        opscope::fresh::PageToucher toucher;
        toucher.touch(0, p, p + bytes);
        toucher.wait();
    }
    run.prepareS = since(t);
    t = Clock::now();
    for (size_t i = 0; i < bytes; i += kPage)
        p[i] = char(i);
    run.writeS = since(t);
    run.faults = minorFaults() - faults;
    munmap(p, bytes);
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    size_t mib = 400;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--mib") == 0 && i + 1 < argc)
            mib = size_t(std::strtoul(argv[++i], nullptr, 10));
        else {
            std::fprintf(stderr, "usage: %s [--mib N]\n", argv[0]);
            return 2;
        }
    }
    const size_t bytes = mib << 20;
    std::printf("%zu MiB of fresh memory, %zu pages; bulk populate supported: %s\n", mib, bytes / kPage,
                opscope::fresh::PageToucher::supported() ? "yes" : "no (cases b and c are plain faults)");
    double baseline = 0;
    for (const char mode : {'a', 'b', 'c'}) {
        std::vector<Run> runs;
        for (int r = 0; r < 3; ++r)
            runs.push_back(runCase(mode, bytes));
        std::sort(runs.begin(), runs.end(),
                  [](const Run &x, const Run &y) { return x.prepareS + x.writeS < y.prepareS + y.writeS; });
        const Run &m = runs[1];
        const char *what = mode == 'a'   ? "(a) written as is"
                           : mode == 'b' ? "(b) populated and read first, same thread"
                                         : "(c) page toucher first, its own thread";
        if (mode == 'a')
            baseline = m.writeS;
        std::printf("%-44s prepare %.3f s, writes %.3f s (%.2f us per page), minor faults %ld; writer's time / (a): "
                    "%.3f, all / (a): %.3f\n",
                    what, m.prepareS, m.writeS, m.writeS * 1e6 / double(bytes / kPage), m.faults, m.writeS / baseline,
                    (m.prepareS + m.writeS) / baseline);
    }
    return 0;
}
