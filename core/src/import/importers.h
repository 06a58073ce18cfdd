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
struct KinetoReadStats {
    uint64_t splitFills = 0;      // fills parsed on two threads
    uint64_t missedSplits = 0;    // fills whose guessed split point was not an event start (parsed on one)
    double readingThreadCpuS = 0; // CPU time of the thread that reads and parses fills (threads >= 2)
    double secondThreadCpuS = 0;  // of the thread that parses the back part of each fill (threads 3)
    double linkSeconds = 0;       // wall time of the passes after the last event (nesting, links), one thread
};
struct KinetoReadOptions {
    // 1: parse and build on the calling thread; 2: a parsing thread too; 3: each fill parsed on two
    // threads; 0: 3 for big traces on a machine of several cores, else 1.
    unsigned threads = 0;
    size_t chunkBytes = 0;            // bytes read per fill; 0: the reader's choice (8 MiB, 1 MiB on threads)
    KinetoReadStats *stats = nullptr; // filled in at the end when given
};
Profile importKinetoJsonWith(const std::string &path, const Progress &progress, const KinetoReadOptions &options);

// ONNX Runtime profile JSON (onnxruntime_json.cpp).
bool detectOnnxRuntimeJson(const FileProbe &probe);
Profile importOnnxRuntimeJson(const std::string &path, const Progress &progress);

} // namespace opscope::importers
