#pragma once
// CPU time for the GUI benchmarks, in ms: on a shared machine other processes stretch wall-clock times,
// CPU times much less.

#include <time.h>

namespace opscope::bench {

inline double cpuMs(clockid_t clock)
{
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// The calling thread's (the GUI thread's: painting runs on it alone).
inline double threadCpuMs()
{
    return cpuMs(CLOCK_THREAD_CPUTIME_ID);
}

// The whole process's: every thread, user and system.
inline double processCpuMs()
{
    return cpuMs(CLOCK_PROCESS_CPUTIME_ID);
}

} // namespace opscope::bench
