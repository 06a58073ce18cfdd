#pragma once
// Aggregation of kernels into operators, modules and groups: GPU time, kernel counts, the dominant
// kernel, and counters combined the right way for each metric (sums for bytes and instructions,
// duration-weighted means for percentages and rates), in base units.

#include "opscope/profile.h"

#include <span>
#include <string>
#include <vector>

namespace opscope {

enum class AggregateRule { Sum, WeightedMean, Max, Min };
std::string_view toString(AggregateRule rule);

// How a metric combines across kernels, from its name (ncu's .sum/.avg/.pct/.per_second/...
// suffixes) and unit.
AggregateRule aggregateRuleFor(std::string_view metricName, std::string_view unit);

struct AggregatedCounter {
    Index metric = kNoIndex;
    double value = 0;
    AggregateRule rule = AggregateRule::Sum;
    uint32_t kernels = 0; // how many of the kernels had the metric
};

// Numeric counters of `kernels` combined per metric (weights: kernel durations).
std::vector<AggregatedCounter> aggregateCounters(const Profile &p, std::span<const Index> kernels);

enum class OperatorGrouping { ByName, ByNameAndShapes };

struct OperatorRow {
    std::string name;
    std::string shapes; // empty when grouped by name only
    uint32_t calls = 0;
    uint32_t kernels = 0;            // launched by these ops themselves
    int64_t gpuTimeSelf = 0;         // kernels launched by the op itself
    int64_t gpuTimeTotal = 0;        // ... plus by the ops nested in it
    int64_t cpuTimeTotal = 0;        // wall time of the calls on the CPU
    Index dominantKernel = kNoIndex; // longest kernel
    std::vector<Index> operators;    // instances
};

// The operator table of the captured step, like torch's key_averages but attributed to kernels.
// Sorted by gpuTimeTotal, longest first, then by cpuTimeTotal (the order of a CPU-only profile).
std::vector<OperatorRow> operatorTable(const Profile &p, OperatorGrouping grouping);

// Why a profile has no operators, and how to record them, in one sentence (by source format).
std::string noOperatorsReason(const Profile &p);

// The kernels attributed to operator `op` (self), in launch order.
std::vector<Index> kernelsOfOperator(const Profile &p, Index op);

} // namespace opscope
