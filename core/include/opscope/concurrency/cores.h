#pragma once
// How many threads a computation may use: the CPUs this process may run on, which under `taskset`, a
// CPU set or a container's CPU quota is fewer than the machine has. Every thread count core and ui
// decide comes from here.

#include <cstddef>
#include <optional>
#include <string_view>

namespace opscope::concurrency {

// The CPUs this process may use: its affinity mask (sched_getaffinity), lowered to a cgroup's CPU
// quota where one is set (v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`; a quota of 1.5
// CPUs counts as 2). At least 1. Computed once, on the first call.
size_t usableCores();

// usableCores(), but no more than `most` (at least 1).
size_t threadsUpTo(size_t most);

// The CPUs a cgroup v2 `cpu.max` text allows ("50000 100000" -> 1, "150000 100000" -> 2), or nothing
// where it sets no limit ("max 100000") or cannot be read.
std::optional<size_t> cpuMaxLimit(std::string_view cpuMax);
// The same for cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` texts ("-1": no limit).
std::optional<size_t> cfsQuotaLimit(std::string_view quotaUs, std::string_view periodUs);

} // namespace opscope::concurrency
