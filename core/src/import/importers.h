#pragma once
// The entry points of each importer, listed in importer.cpp's table. One file per format under
// import/<format>/; each provides a detector (content first, extension second) and a loader.

#include "opscope/importer.h"

#include <cstddef>

namespace opscope::importers {

// Nsight Systems SQLite export (nsys_sqlite.cpp) and .nsys-rep through `nsys export` (nsys_rep.cpp).
bool detectNsysSqlite(const FileProbe &probe);
Profile importNsysSqlite(const std::string &path, const Progress &progress);
bool detectNsysRep(const FileProbe &probe);
Profile importNsysRep(const std::string &path, const Progress &progress);
// `nsys stats` NVTX push/pop trace CSV (nsys_stats_csv.cpp).
bool detectNsysStatsCsv(const FileProbe &probe);
Profile importNsysStatsCsv(const std::string &path, const Progress &progress);

// Nsight Compute CSV, raw or details page (ncu_csv.cpp), and .ncu-rep through `ncu --import` (ncu_rep.cpp).
bool detectNcuCsv(const FileProbe &probe);
Profile importNcuCsv(const std::string &path, const Progress &progress);
bool detectNcuRep(const FileProbe &probe);
Profile importNcuRep(const std::string &path, const Progress &progress);

// torch.profiler / Kineto Chrome trace JSON, plain or gzipped, and the legacy autograd-profiler array
// (kineto_json.cpp).
bool detectKinetoJson(const FileProbe &probe);
Profile importKinetoJson(const std::string &path, const Progress &progress);
// How the Kineto reader works, for tests and benchmarks (the result is the same either way).
struct KinetoReadOptions {
    unsigned threads = 0;  // 1: parse and build on the calling thread; 2: a parsing thread too; 0: 2 for big traces
    size_t chunkBytes = 0; // bytes read per fill of the window; 0: the reader's choice (8 MiB, 1 MiB on 2 threads)
};
Profile importKinetoJsonWith(const std::string &path, const Progress &progress, const KinetoReadOptions &options);

// ONNX Runtime profile JSON (onnxruntime_json.cpp).
bool detectOnnxRuntimeJson(const FileProbe &probe);
Profile importOnnxRuntimeJson(const std::string &path, const Progress &progress);

} // namespace opscope::importers
