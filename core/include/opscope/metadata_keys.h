#pragma once
// Every key of a profile's metadata (Profile::metadata, profile.h), each with what its value means. Code
// writes and reads metadata through these names only, never a spelled string (tst_metadata_keys checks the
// sources and every fixture's keys against kMetadataKeys). A saved .opscope keeps its keys, so a key never
// changes its spelling. A header of its own, so that every folder names keys without including another's.

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace opscope {

// ---------------------------------------------------------------------------------------------
// The run (a run folder's manifest.json and the launcher's status; pipeline/import_run.cpp)

inline constexpr std::string_view kModelNameKey = "model_name";       // the workload's script, without folder
inline constexpr std::string_view kTorchVersionKey = "torch_version"; // torch.__version__ of the workload
inline constexpr std::string_view kDeviceNameKey = "device_name";     // the GPU the launcher saw
inline constexpr std::string_view kCompileModeKey = "compile_mode";   // "eager" or torch.compile's mode
inline constexpr std::string_view kCaptureToolKey = "capture_tool";   // the tool of the captured pass (nsys...)
inline constexpr std::string_view kCaptureTimestampKey = "capture_timestamp_utc"; // when the run was made
inline constexpr std::string_view kOpScopeRunKey = "opscope_run";                 // the run folder's path
inline constexpr std::string_view kNsysReportPathKey = "nsys_report_path";        // the run's .nsys-rep
inline constexpr std::string_view kNcuReportPathKey = "ncu_report_path";          // the run's .ncu-rep
inline constexpr std::string_view kCudaVersionKey = "cuda_version";               // torch.version.cuda
// A torch setting the launcher read, under kTorchSettingPrefix + its name ("torch.backends.cudnn.benchmark"):
// "True"/"False" or the value as text.
inline constexpr std::string_view kTorchSettingPrefix = "torch.";
// Which launches ncu replayed: distinct launch signatures and kernels profiled, kernels given copied counters.
inline constexpr std::string_view kDistinctLaunchSignaturesKey = "distinct_launch_signatures";
inline constexpr std::string_view kDistinctKernelsProfiledKey = "distinct_kernels_profiled";
inline constexpr std::string_view kDistinctKernelsFilledKey = "distinct_kernels_filled";
// Kernels whose counters came from an identical launch (--dedup): groups, and kernels filled.
inline constexpr std::string_view kDedupGroupsKey = "dedup_groups";
inline constexpr std::string_view kDedupKernelsFilledKey = "dedup_kernels_filled";
// `opscope verify`'s results (measured_gains.h), JSON.
inline constexpr std::string_view kVerifyResultsKey = "verify_results";
// The launcher's named layer groups (module_tree.h, "group=regex;..."), from the run's partition_map.json.
inline constexpr std::string_view kKnownGroupsKey = "partition_map";

// ---------------------------------------------------------------------------------------------
// The launcher's reference timing (step_timing.h)

inline constexpr std::string_view kReferenceStepNsKey = "reference_step_ns";
inline constexpr std::string_view kCapturedStepNsKey = "captured_step_ns";
inline constexpr std::string_view kCaptureOverheadKey = "capture_overhead";
inline constexpr std::string_view kReferenceClockKey = "reference_clock";
inline constexpr std::string_view kReferenceStepsKey = "reference_steps";
// Reference steps left out of the median as still warming up: slower than 1.05x the fastest, before the
// first one that is not.
inline constexpr std::string_view kReferenceWarmingUpStepsKey = "reference_warming_up_steps";
// The host's time for the step (perf_counter), plain and captured: how much the instrumentation slowed
// the host down, whatever bound the step. The plain one is the fastest plain step (the host's own pace,
// before a full launch queue holds it back to the GPU's), the captured one the median.
inline constexpr std::string_view kReferenceCpuStepNsKey = "reference_cpu_step_ns";
inline constexpr std::string_view kCapturedCpuStepNsKey = "captured_cpu_step_ns";
// Under nsys the plain time comes from the correlation pass, a process without nsys: nsys's CUDA API
// tracing slows the host (a host-bound step 20-25 % on the H100). The reference steps as the nsys process
// timed them are kept beside it: what the trace's plain step took.
inline constexpr std::string_view kReferenceTracedStepNsKey = "reference_traced_step_ns";
inline constexpr std::string_view kReferenceTracedCpuStepNsKey = "reference_traced_cpu_step_ns";
// The spread of the plain steps at the steady pace: half their interquartile range (linear interpolation, as
// numpy's percentile), in ns. One noisy step moves it, not the median.
inline constexpr std::string_view kReferenceSpreadNsKey = "reference_spread_ns";
// nsys's cost per CUDA call: the launcher times a burst of cheap launches in the traced process and in the plain
// one (the reference object's "calibration": {"launches": N, "ns_per_launch": x}); the difference, per launch.
inline constexpr std::string_view kHostTracingCostKey = "host_tracing_cost_per_call_ns";
// The plain host's cost of one eager launch from Python (the plain process's calibration burst: a one-element
// add_, the Python call, the dispatcher and the launch), in ns: what a CUDA graph saves the host per kernel.
inline constexpr std::string_view kHostLaunchCostKey = "host_plain_launch_ns";
// The launcher's reference range (the NVTX range of the captured step) and the kernels of the reference step,
// all and those paired with the trace's (analysis/reference_step.cpp).
inline constexpr std::string_view kReferenceRangeKey = "reference_range";
inline constexpr std::string_view kReferenceKernelsKey = "reference_kernels";
inline constexpr std::string_view kReferenceKernelsPairedKey = "reference_kernels_paired";
// Generation requests' plain timing (generation.h), JSON.
inline constexpr std::string_view kGenerationTimingKey = "generation_timing";

// ---------------------------------------------------------------------------------------------
// Ranks (docs/ranks.md)

inline constexpr std::string_view kRankKey = "rank";              // this profile's rank (a trace's distributedInfo)
inline constexpr std::string_view kWorldSizeKey = "world_size";   // the job's number of ranks
inline constexpr std::string_view kRanksKey = "ranks";            // the ranks of a job's profile, "0,1,..."
inline constexpr std::string_view kRankFilesKey = "rank_files";   // each rank's file, one a line in rank order
inline constexpr std::string_view kRankSourceKey = "rank_source"; // what said which rank a process is ("nccl"...)
inline constexpr std::string_view kRankEngineKey = "rank_engine"; // the launch of a rank run (torchrun, srun)
inline constexpr std::string_view kHostKey = "host";              // the host the profile was made on
// A job's ranks' nsys captures, one path a line, whose plain steps `opscope ranks` reads instead
// (pipeline/rank_run.cpp).
inline constexpr std::string_view kRankCapturesKey = "rank_nsys_captures";
// The spread of the ranks' clocks left after alignment, in ns.
inline constexpr std::string_view kRankClockResidualSkewKey = "rank_clock_residual_skew_ns";
// Per rank N: its host, its node's clock, the offset its clock was shifted by (ns), and its own reference
// timing (kRankPrefix + N + "." + a reference timing key). Per node: "basis;offset;residual" of its clock.
inline constexpr std::string_view kRankHostPrefix = "rank_host.";
inline constexpr std::string_view kRankNodePrefix = "rank_node.";
inline constexpr std::string_view kRankClockOffsetPrefix = "rank_clock_offset_ns.";
inline constexpr std::string_view kRankPrefix = "rank.";
inline constexpr std::string_view kNodeClockPrefix = "node_clock.";

// ---------------------------------------------------------------------------------------------
// Written by the import (import/)

inline constexpr std::string_view kSourcesKey = "sources";          // the files of one capture, one a line
inline constexpr std::string_view kTraceFormatKey = "trace_format"; // a torch.profiler trace's writer
inline constexpr std::string_view kTraceEventsKey = "trace_events"; // complete events of the trace
inline constexpr std::string_view kNsysVersionKey = "nsys_version";
inline constexpr std::string_view kNsysExportSchemaKey = "nsys_export_schema"; // the SQLite export's version
inline constexpr std::string_view kCudaMemoryUsageKey = "cuda_memory_usage";   // nsys's memory samples: "N events"
inline constexpr std::string_view kNcuPageKey = "ncu_page";                    // the ncu CSV's page: "details" or "raw"
inline constexpr std::string_view kHostNameKey = "host_name";                  // ncu's host
inline constexpr std::string_view kProcessNameKey = "process_name";            // ncu's profiled process
inline constexpr std::string_view kTimelineKey = "timeline"; // why the timeline is not real (ncu alone)
// The ncu rows matched to the captured kernels (capture/ncu_match.cpp): rows, matched, then how.
inline constexpr std::string_view kNcuRowsKey = "ncu_rows";
inline constexpr std::string_view kNcuRowsMatchedKey = "ncu_rows_matched";
inline constexpr std::string_view kNcuMatchedByStackKey = "ncu_matched_by_stack";
inline constexpr std::string_view kNcuMatchedByLaunchKey = "ncu_matched_by_launch";
inline constexpr std::string_view kNcuMatchedByNameKey = "ncu_matched_by_name";
inline constexpr std::string_view kNcuReplicatedToStepsKey = "ncu_replicated_to_steps";
inline constexpr std::string_view kNcuSkippedByDedupKey = "ncu_skipped_by_dedup";
inline constexpr std::string_view kNcuKernelsWithoutRowKey = "ncu_kernels_without_row";
// The torch.profiler trace's kernels checked against nsys's (capture/cross_check.cpp).
inline constexpr std::string_view kCrossCheckComparedKey = "torch_profiler_kernels_compared";
inline constexpr std::string_view kCrossCheckAgreedKey = "torch_profiler_kernels_agreed";
inline constexpr std::string_view kInductorFusedKernelsKey = "inductor_fused_kernels"; // kernels Inductor named
inline constexpr std::string_view kCompiledModulesKey = "compiled_modules";            // compiled kernels given modules
inline constexpr std::string_view kMemoryEventsFromKey = "memory_events_from"; // the trace memory events came from
inline constexpr std::string_view kMemorySnapshotKey = "memory_snapshot";      // the allocator history's file
inline constexpr std::string_view kMemorySnapshotEventsKey = "memory_snapshot_events"; // its block and segment events
inline constexpr std::string_view kMemoryTensorsKey = "memory_tensors"; // the launcher's tensor inventory's file
inline constexpr std::string_view kSchemaVersionKey = "schema_version"; // profile.json's schema version

// Shown by the summary in place of the ncu and cross-check counts above (capture_import.h's summaryMetadata):
// labels of its lines, never keys of a profile.
inline constexpr std::string_view kNcuMatchSummaryLabel = "ncu_match";
inline constexpr std::string_view kCrossCheckSummaryLabel = "torch_profiler_cross_check";

// ---------------------------------------------------------------------------------------------
// Kept as the source file wrote them: a torch.profiler trace's top-level scalars and its distributedInfo,
// profile.json's capture_metadata. Those the code reads are named; the others are listed as seen in real files.

inline constexpr std::string_view kHipRuntimeVersionKey = "hip_runtime_version"; // an AMD trace (gpuRuntime())
inline constexpr std::string_view kRoctracerVersionKey = "roctracer_version";    // an AMD trace too
inline constexpr auto kSourceMetadataKeys = std::to_array<std::string_view>(
    {"schemaVersion", "baseTimeNanoseconds", "displayTimeUnit", "traceName", "trace_id", "cupti_version",
     "cuda_runtime_version", "cuda_driver_version", "hip_driver_version", "record_shapes", "profile_memory",
     "with_stack", "with_flops", "with_modules", "backend", "pg_count", "pg_config", "nccl_version", "username"});

// Every key above (the prefixes and the summary's labels apart).
inline constexpr auto kMetadataKeys = std::to_array<std::string_view>({kModelNameKey,
                                                                       kTorchVersionKey,
                                                                       kDeviceNameKey,
                                                                       kCompileModeKey,
                                                                       kCaptureToolKey,
                                                                       kCaptureTimestampKey,
                                                                       kOpScopeRunKey,
                                                                       kNsysReportPathKey,
                                                                       kNcuReportPathKey,
                                                                       kCudaVersionKey,
                                                                       kDistinctLaunchSignaturesKey,
                                                                       kDistinctKernelsProfiledKey,
                                                                       kDistinctKernelsFilledKey,
                                                                       kDedupGroupsKey,
                                                                       kDedupKernelsFilledKey,
                                                                       kVerifyResultsKey,
                                                                       kKnownGroupsKey,
                                                                       kReferenceStepNsKey,
                                                                       kCapturedStepNsKey,
                                                                       kCaptureOverheadKey,
                                                                       kReferenceClockKey,
                                                                       kReferenceStepsKey,
                                                                       kReferenceWarmingUpStepsKey,
                                                                       kReferenceCpuStepNsKey,
                                                                       kCapturedCpuStepNsKey,
                                                                       kReferenceTracedStepNsKey,
                                                                       kReferenceTracedCpuStepNsKey,
                                                                       kReferenceSpreadNsKey,
                                                                       kHostTracingCostKey,
                                                                       kHostLaunchCostKey,
                                                                       kReferenceRangeKey,
                                                                       kReferenceKernelsKey,
                                                                       kReferenceKernelsPairedKey,
                                                                       kGenerationTimingKey,
                                                                       kRankKey,
                                                                       kWorldSizeKey,
                                                                       kRanksKey,
                                                                       kRankFilesKey,
                                                                       kRankSourceKey,
                                                                       kRankEngineKey,
                                                                       kHostKey,
                                                                       kRankCapturesKey,
                                                                       kRankClockResidualSkewKey,
                                                                       kSourcesKey,
                                                                       kTraceFormatKey,
                                                                       kTraceEventsKey,
                                                                       kNsysVersionKey,
                                                                       kNsysExportSchemaKey,
                                                                       kCudaMemoryUsageKey,
                                                                       kNcuPageKey,
                                                                       kHostNameKey,
                                                                       kProcessNameKey,
                                                                       kTimelineKey,
                                                                       kNcuRowsKey,
                                                                       kNcuRowsMatchedKey,
                                                                       kNcuMatchedByStackKey,
                                                                       kNcuMatchedByLaunchKey,
                                                                       kNcuMatchedByNameKey,
                                                                       kNcuReplicatedToStepsKey,
                                                                       kNcuSkippedByDedupKey,
                                                                       kNcuKernelsWithoutRowKey,
                                                                       kCrossCheckComparedKey,
                                                                       kCrossCheckAgreedKey,
                                                                       kInductorFusedKernelsKey,
                                                                       kCompiledModulesKey,
                                                                       kMemoryEventsFromKey,
                                                                       kMemorySnapshotKey,
                                                                       kMemorySnapshotEventsKey,
                                                                       kMemoryTensorsKey,
                                                                       kSchemaVersionKey,
                                                                       kHipRuntimeVersionKey,
                                                                       kRoctracerVersionKey});

// The keys of a family: the prefix, then a rank or a node's name.
inline std::string rankHostKey(int rank)
{
    return std::string(kRankHostPrefix) + std::to_string(rank);
}
inline std::string rankNodeKey(int rank)
{
    return std::string(kRankNodePrefix) + std::to_string(rank);
}
inline std::string rankClockOffsetKey(int rank)
{
    return std::string(kRankClockOffsetPrefix) + std::to_string(rank);
}
inline std::string nodeClockKey(std::string_view node)
{
    return std::string(kNodeClockPrefix) + std::string(node);
}
inline std::string torchSettingKey(std::string_view setting)
{
    return std::string(kTorchSettingPrefix) + std::string(setting);
}

// Whether `key` is one of the keys above: named, a source file's, or of a family (a rank's own reference timing:
// "rank.N." and a known key).
inline bool isKnownMetadataKey(std::string_view key)
{
    const auto in = [&](const auto &list) { return std::find(list.begin(), list.end(), key) != list.end(); };
    if (in(kMetadataKeys) || in(kSourceMetadataKeys))
        return true;
    for (std::string_view prefix :
         {kTorchSettingPrefix, kRankHostPrefix, kRankNodePrefix, kRankClockOffsetPrefix, kNodeClockPrefix})
        if (key.starts_with(prefix) && key.size() > prefix.size())
            return true;
    if (key.starts_with(kRankPrefix)) {
        const size_t dot = key.find('.', kRankPrefix.size());
        return dot != std::string_view::npos && dot > kRankPrefix.size() && isKnownMetadataKey(key.substr(dot + 1));
    }
    return false;
}

} // namespace opscope
