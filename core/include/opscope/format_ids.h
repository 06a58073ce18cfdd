#pragma once
// The ids of the import formats: ImportFormat::id in the importer table (import/importer.cpp registers
// one format per id) and a profile's source_format (a saved .opscope keeps the one it was imported
// from, so an id never changes). Compare and write these constants, never the spelled string. A header
// of their own, so that analysis and the GUI name a profile's format without including the importers.

#include <string_view>

namespace opscope::format_id {

inline constexpr std::string_view kOpScope = "opscope";
inline constexpr std::string_view kOperatorProfilerJson = "operator-profiler-json";
inline constexpr std::string_view kNsysSqlite = "nsys-sqlite";
inline constexpr std::string_view kNsysRep = "nsys-rep";
inline constexpr std::string_view kNsysStatsCsv = "nsys-stats-csv";
inline constexpr std::string_view kTorchMemorySnapshot = "torch-memory-snapshot";
inline constexpr std::string_view kOpScopeMemoryTensors = "opscope-memory-tensors";
inline constexpr std::string_view kKinetoJson = "kineto-json";
inline constexpr std::string_view kOnnxRuntimeJson = "onnxruntime-json";
inline constexpr std::string_view kNcuCsv = "ncu-csv";
inline constexpr std::string_view kNcuRep = "ncu-rep";
inline constexpr std::string_view kInductorDebug = "inductor-debug";

// Nsight Systems' formats (nsys-sqlite, nsys-rep, nsys-stats-csv) all begin so, as do Nsight Compute's.
constexpr bool isNsysFormat(std::string_view id)
{
    return id.starts_with("nsys");
}
constexpr bool isNcuFormat(std::string_view id)
{
    return id.starts_with("ncu");
}

} // namespace opscope::format_id
