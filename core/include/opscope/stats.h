#pragma once
// Statistics reports with the semantics of the tools people know: nsys stats' cuda_gpu_kern_sum,
// nvtx_sum, cuda_api_sum and cuda_gpu_mem_time_sum, and torch's key_averages for operators; each
// optionally restricted to one module's subtree. Times in ns; StdDev is the sample deviation.

#include "opscope/profile.h"

#include <string>
#include <vector>

namespace opscope {

struct DurationStats {
    std::string name;
    std::string extra; // report-specific (NVTX style, memory operation size ...)
    int64_t total = 0;
    uint64_t instances = 0;
    double average = 0;
    double median = 0;
    int64_t minimum = 0;
    int64_t maximum = 0;
    double stddev = 0;
    double percent = 0; // share of the report's total time
};

struct StatsReport {
    std::string id;    // "cuda_gpu_kern_sum"
    std::string title; // "CUDA GPU Kernel Summary"
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows; // formatted cells (for text and CSV)
    std::vector<DurationStats> stats;           // the numbers behind duration-style reports
};

struct StatsOptions {
    std::string module;        // restrict to this module path and its descendants ("" = all)
    bool capturedOnly = false; // only kernels of the captured step
    bool byShapes = false;     // operator report: group by name and input shapes
};

// The report names `opscope stats --report` accepts.
std::vector<std::string> statsReportNames();
// Builds a report; throws std::invalid_argument for an unknown name.
StatsReport buildStatsReport(const Profile &p, const std::string &name, const StatsOptions &options = {});

// Summary statistics of a list of durations (sorted in place), in nsys's definitions.
DurationStats summarise(std::string name, std::vector<int64_t> &durations);

} // namespace opscope
