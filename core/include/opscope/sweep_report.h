#pragma once
// A metric of every configuration of a sweep, per series: the step, or the top modules, operators or
// kernels. The one computation behind `opscope sweep-report` and the GUI's sweep window, built on the
// analyses a single profile uses (step timing, module tree, operator table, roofline, counter
// aggregation), so a sweep's figure for a configuration is the figure its profile shows.

#include "opscope/profile.h"
#include "opscope/progress.h"
#include "opscope/sweep.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace opscope::sweep {

// What is measured:
//   step-time  the step time, as series "plain" (the launcher's reference steps, not instrumented) and
//              "captured" (the instrumented step); per step only
//   gpu-time   GPU time of the kernels (captured step)
//   cpu-time   time of the calls on the host (modules and operators; the step: the plain step's host time)
//   flops      achieved FLOP/s (all precisions, from ncu's roofline counters: needs a replay)
//   any other  an ncu counter by name (dram__bytes.sum ...), combined over the kernels as the GUI does
enum class SweepBy { Step, Module, Operator, Kernel };
std::string_view toString(SweepBy by);
std::optional<SweepBy> parseSweepBy(std::string_view text);

struct SweepReportOptions {
    std::string metric = "step-time";
    SweepBy by = SweepBy::Step;
    int top = 5;   // series kept (modules, operators, kernels): the largest summed over the configurations
    int depth = 1; // --by module: modules this far below the root module (1: its children)
};

// The metrics the report knows by name (the ncu counters come on top).
const std::vector<std::string> &sweepMetricNames();

// One metric of one profile per series: key (module path, operator or kernel name; "step", "plain",
// "captured") -> value; label is what a person reads (an empty root path shows its class).
struct SeriesValue {
    std::string key;
    std::string label;
    double value = 0;
};
// The unit of a metric in `profile` ("ns", "FLOP/s", a counter's unit); empty when unknown.
std::string metricUnit(const Profile &profile, const std::string &metric);
// SweepError for an unknown metric, or one that does not apply `by` (step-time per module).
std::vector<SeriesValue> metricValues(const Profile &profile, const SweepReportOptions &options);

struct SweepSeries {
    std::string key;
    std::string label;
    std::vector<std::optional<double>> values; // per run of the sweep; empty where the run has no value
};

struct SweepReport {
    Sweep sweep;
    SweepReportOptions options;
    std::string unit;
    std::vector<SweepSeries> series;
    std::vector<std::string> notes; // runs left out (failed, pending, no profile) and why
    // The runs that have a value in some series.
    std::vector<size_t> measuredRuns() const;
};

// Loads every finished run's profile and computes the metric. FileError for a sweep folder that is
// not one; SweepError for an unknown metric (naming the ones it knows and a counter of the profiles)
// or a sweep without a finished run.
SweepReport sweepReport(const Sweep &sweep, const SweepReportOptions &options, const Progress &progress = {});

// The report as a table: one row per run with its parameter values and one column per series; text
// (aligned, human units), CSV (base units) and JSON.
std::string sweepReportText(const SweepReport &report);
std::string sweepReportCsv(const SweepReport &report);
nlohmann::ordered_json sweepReportJson(const SweepReport &report);

} // namespace opscope::sweep
