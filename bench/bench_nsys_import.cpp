// Nsight Systems SQLite import speed on a large capture built from a real one.
//
// The bf16 GPT capture (h100/gpt4_bf16_infer/nsys.sqlite: 192 kernels, 2,639 API calls, 521 NVTX ranges) is
// copied and its kernel, runtime and NVTX rows appended again with shifted times and correlation ids
// (INSERT ... SELECT inside SQLite) until it holds a million kernels. Then, each in a forked child that does
// nothing else (so building the file does not count towards memory), importFile() reads it; the parent
// measures a plain `SELECT *` scan of CUPTI_ACTIVITY_KIND_KERNEL through sqlite3 as the baseline.
//
//   bench_nsys_import [--kernels N] [--runs N] [--dir DIR] [--keep] [--reuse] [--no-baselines] [--fixture NSYS.sqlite]
//
// --reuse imports DIR/nsys_large.sqlite as it is when it exists (built by an earlier run with --keep) instead of
// building it again; --no-baselines skips the SQLite scans and the SQLite-only import (the import and attribution
// figures alone).
#include "../tests/support/nsys_replicate.h"
#include "build_paths.h"

#include "opscope/attribution.h"
#include "opscope/concurrency/cores.h"
#include "opscope/importer.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds (user + system) of this process, all its threads: on a shared machine the wall time
// depends on what else runs, the CPU time much less.
double cpuSeconds()
{
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// A field of /proc/self/status in kB ("VmHWM", "VmRSS"); 0 when unknown.
long statusKb(const char *field)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    const size_t n = std::strlen(field);
    while (std::getline(in, line))
        if (line.compare(0, n, field) == 0 && line.size() > n && line[n] == ':')
            return std::atol(line.c_str() + n + 1);
    return 0;
}

// Steps through every row of `sql` reading each column as an integer, as a plain client would.
struct ScanResult {
    double seconds = 0;
    double cpu = 0;
    long long rows = 0;
};
ScanResult scan(const std::string &path, const std::string &sql, int extraFlags = 0)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY | extraFlags, nullptr);
    sqlite3_stmt *st = nullptr;
    ScanResult r;
    const double cpuStart = cpuSeconds();
    const auto start = Clock::now();
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
        const int columns = sqlite3_column_count(st);
        volatile long long sink = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            long long sum = 0;
            for (int c = 0; c < columns; ++c)
                sum += sqlite3_column_int64(st, c);
            sink = sink + sum;
            ++r.rows;
        }
    }
    r.seconds = secondsSince(start);
    r.cpu = cpuSeconds() - cpuStart;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return r;
}

// The cores this process may use (affinity and a container's quota), as the importer counts them.
unsigned usableCores()
{
    return unsigned(opscope::concurrency::usableCores());
}

struct ImportResult {
    double seconds = 0;
    double cpu = 0;
    size_t kernels = 0, events = 0, residentBytes = 0;
    long rssBeforeKb = 0, peakKb = 0;
    double attributeSeconds = 0; // attribute() on the imported profile, in the same child
    double attributeCpu = 0;
    size_t attributedKernels = 0; // kernels given an operator or a module
    // attribute()'s stages (AttributionOptions::stageTimes) and a digest of what it produced.
    static constexpr int kMaxStages = 16;
    int stages = 0;
    char stageName[kMaxStages][40] = {};
    double stageWall[kMaxStages] = {}, stageCpu[kMaxStages] = {};
    uint64_t attributionDigest = 0;
};

// FNV-1a over the values given (whole integers, never struct padding).
struct Digest {
    uint64_t h = 0xcbf29ce484222325ull;
    template <class... T> void add(T... values) { (mix(uint64_t(values)), ...); }
    void mix(uint64_t v)
    {
        for (int i = 0; i < 8; ++i, v >>= 8)
            h = (h ^ (v & 0xff)) * 0x100000001b3ull;
    }
};

uint64_t attributionDigest(const opscope::Profile &p)
{
    Digest d;
    for (const opscope::Kernel &k : p.kernels)
        d.add(k.launch_thread, k.op, k.module, k.range, k.unattributed_reason, uint8_t(k.method), uint8_t(k.confidence),
              k.flags);
    for (const opscope::Operator &o : p.operators)
        d.add(o.start_ns, o.end_ns, o.name, o.shapes, o.call_index, o.thread, o.parent, o.module, o.range,
              o.sequence_nr, o.depth, o.flags);
    for (const opscope::ModuleInstance &m : p.modules)
        d.add(m.start_ns, m.end_ns, m.path, m.class_name, m.parent, m.thread, m.range, uint8_t(m.kind));
    for (const opscope::KernelTwin &t : p.reference_twins)
        d.add(t.reference, t.labelled);
    d.add(p.strings.size());
    for (opscope::StringId s = 0; s < p.strings.size(); ++s)
        for (char c : p.text(s))
            d.add(uint8_t(c));
    for (const auto &[key, value] : p.metadata)
        for (char c : key + "=" + value)
            d.add(uint8_t(c));
    return d.h;
}

// Imports in a forked child and sends the figures back through a pipe. `sqliteReader` reads every table
// through SQLite (OPSCOPE_NSYS_READER=sqlite), as the importer did before its direct b-tree reader.
bool importInChild(const std::string &path, ImportResult &out, bool sqliteReader = false)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return false;
    std::fflush(stdout);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        if (sqliteReader)
            ::setenv("OPSCOPE_NSYS_READER", "sqlite", 1);
        ImportResult r;
        r.rssBeforeKb = statusKb("VmRSS");
        const double cpuStart = cpuSeconds();
        const auto start = Clock::now();
        opscope::Profile p = opscope::importFile(path);
        r.seconds = secondsSince(start);
        r.cpu = cpuSeconds() - cpuStart;
        r.peakKb = statusKb("VmHWM");
        const auto attributeStart = Clock::now();
        const double attributeCpuStart = cpuSeconds();
        std::vector<opscope::AttributionStageTime> stages;
        opscope::AttributionOptions options;
        options.stageTimes = &stages;
        opscope::attribute(p, options);
        r.attributeSeconds = secondsSince(attributeStart);
        r.attributeCpu = cpuSeconds() - attributeCpuStart;
        for (const opscope::AttributionStageTime &t : stages) {
            if (r.stages == ImportResult::kMaxStages)
                break;
            std::snprintf(r.stageName[r.stages], sizeof r.stageName[0], "%s", t.stage.c_str());
            r.stageWall[r.stages] = t.wallSeconds;
            r.stageCpu[r.stages++] = t.cpuSeconds;
        }
        r.attributionDigest = attributionDigest(p);
        for (const opscope::Kernel &k : p.kernels)
            r.attributedKernels += (k.op != opscope::kNoIndex || k.module != opscope::kNoIndex) ? 1 : 0;
        r.kernels = p.kernels.size();
        r.events = p.kernels.size() + p.api_calls.size() + p.ranges.size() + p.memory_ops.size() + p.syncs.size();
        r.residentBytes = p.residentBytes();
        const bool ok = ::write(fds[1], &r, sizeof r) == ssize_t(sizeof r);
        ::_exit(ok ? 0 : 1);
    }
    ::close(fds[1]);
    const bool ok = pid > 0 && ::read(fds[0], &out, sizeof out) == ssize_t(sizeof out);
    ::close(fds[0]);
    int status = 0;
    if (pid > 0)
        ::waitpid(pid, &status, 0);
    return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

int main(int argc, char **argv)
{
    long long targetKernels = 1000000;
    int runs = 3;
    bool keep = false, reuse = false, baselines = true;
    std::string dir;
    std::string fixture = std::string(opscope::test::fixturesDir()) + "/h100/gpt4_bf16_infer/nsys.sqlite";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--kernels" && i + 1 < argc)
            targetKernels = std::atoll(argv[++i]);
        else if (arg == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (arg == "--keep")
            keep = true;
        else if (arg == "--reuse")
            reuse = keep = true;
        else if (arg == "--no-baselines")
            baselines = false;
        else if (arg == "--fixture" && i + 1 < argc)
            fixture = argv[++i]; // the same file elsewhere (another machine)
        else {
            std::fprintf(stderr,
                         "usage: %s [--kernels N] [--runs N] [--dir DIR] [--keep] [--reuse] [--no-baselines] "
                         "[--fixture NSYS.sqlite]\n",
                         argv[0]);
            return 2;
        }
    }
    const bool ownDir = dir.empty();
    if (ownDir) {
        std::string pattern = (std::filesystem::temp_directory_path() / "bench-nsys-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) {
            std::perror("mkdtemp");
            return 1;
        }
        dir = pattern;
    }
    const std::string path = dir + "/nsys_large.sqlite";

    // The fixture's kernel count (python3 sqlite3: SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL).
    constexpr long long kFixtureKernels = 192;
    const int copies = int((targetKernels + kFixtureKernels - 1) / kFixtureKernels);
    std::printf("machine: %u hardware threads, %u usable by this process\n", std::thread::hardware_concurrency(),
                usableCores());
    if (reuse && std::filesystem::exists(path)) {
        std::printf("reusing %s (%.0f MB) as it is\n", path.c_str(), double(std::filesystem::file_size(path)) / 1e6);
    } else {
        std::printf("building %s: %s x %d copies of its kernel, runtime and NVTX rows\n", path.c_str(), fixture.c_str(),
                    copies);
        const auto start = Clock::now();
        const opscope::test::Replication rep = opscope::test::replicateNsysExport(fixture, path, copies);
        if (!rep.error.empty()) {
            std::fprintf(stderr, "cannot build the database: %s\n", rep.error.c_str());
            return 1;
        }
        std::printf("built in %.1f s, %.0f MB\n", secondsSince(start), double(std::filesystem::file_size(path)) / 1e6);
    }

    ScanResult kernelScan, allScan, floorScan;
    ImportResult sqliteBest;
    if (baselines) {
        // Baselines, best of `runs` (the file is in the page cache after building it, as for the imports).
        for (int r = 0; r < runs; ++r) {
            const ScanResult k = scan(path, "SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL");
            if (r == 0 || k.seconds < kernelScan.seconds)
                kernelScan = k;
        }
        for (int r = 0; r < runs; ++r) {
            ScanResult all;
            for (const char *table : {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS"}) {
                const ScanResult t = scan(path, std::string("SELECT * FROM ") + table);
                all.seconds += t.seconds;
                all.cpu += t.cpu;
                all.rows += t.rows;
            }
            if (r == 0 || all.seconds < allScan.seconds)
                allScan = all;
        }
        // The floor of any SQLite-based import: the columns the importer selects, stepped on one connection
        // without a mutex and without doing anything with them.
        for (int r = 0; r < runs; ++r) {
            ScanResult all;
            for (const char *query :
                 {"SELECT start, end, deviceId, streamId, correlationId, globalPid, demangledName, shortName, "
                  "registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, staticSharedMemory, "
                  "dynamicSharedMemory FROM CUPTI_ACTIVITY_KIND_KERNEL",
                  "SELECT start, end, eventClass, globalTid, correlationId, nameId FROM CUPTI_ACTIVITY_KIND_RUNTIME",
                  "SELECT start, end, eventType, text, textId, globalTid, domainId FROM NVTX_EVENTS"}) {
                const ScanResult t = scan(path, query, SQLITE_OPEN_NOMUTEX);
                all.seconds += t.seconds;
                all.cpu += t.cpu;
                all.rows += t.rows;
            }
            if (r == 0 || all.seconds < floorScan.seconds)
                floorScan = all;
        }
        std::printf(
            "baseline: SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL, %lld rows: %.3f s, %.3f CPU s (%.2f M rows/s)\n",
            kernelScan.rows, kernelScan.seconds, kernelScan.cpu, double(kernelScan.rows) / kernelScan.seconds / 1e6);
        std::printf("baseline: SELECT * of KERNEL + RUNTIME + NVTX_EVENTS, %lld rows, one thread: %.3f s, %.3f CPU s "
                    "(%.2f M rows/s)\n",
                    allScan.rows, allScan.seconds, allScan.cpu, double(allScan.rows) / allScan.seconds / 1e6);

        std::printf("floor: the importer's columns of the three tables, one thread, no processing: %.3f s, %.3f CPU "
                    "s\n",
                    floorScan.seconds, floorScan.cpu);

        // The same import through SQLite only, in the same run of the machine: the figures before the direct reader.
        for (int r = 0; r < runs; ++r) {
            ImportResult result;
            if (!importInChild(path, result, true)) {
                std::fprintf(stderr, "the import through SQLite failed\n");
                return 1;
            }
            std::printf("import through SQLite only, run %d: %.3f s (%.3f CPU s), %.2f M kernels/s\n", r + 1,
                        result.seconds, result.cpu, double(result.kernels) / result.seconds / 1e6);
            if (r == 0 || result.seconds < sqliteBest.seconds)
                sqliteBest = result;
        }
    }

    std::vector<ImportResult> results;
    for (int r = 0; r < runs; ++r) {
        ImportResult result;
        if (!importInChild(path, result)) {
            std::fprintf(stderr, "the import failed\n");
            return 1;
        }
        std::printf(
            "import run %d: %.3f s (%.3f CPU s), %.2f M kernels/s, %.2f M events/s, peak RSS %.0f MB (%.0f MB before "
            "the import), %.1f resident bytes/event; attribution %.3f s (%.3f CPU s)\n",
            r + 1, result.seconds, result.cpu, double(result.kernels) / result.seconds / 1e6,
            double(result.events) / result.seconds / 1e6, double(result.peakKb) / 1024,
            double(result.rssBeforeKb) / 1024, double(result.residentBytes) / double(result.events),
            result.attributeSeconds, result.attributeCpu);
        results.push_back(result);
    }
    std::sort(results.begin(), results.end(),
              [](const ImportResult &a, const ImportResult &b) { return a.seconds < b.seconds; });
    const ImportResult &best = results.front();
    const ImportResult &median = results[results.size() / 2];
    const double kernelsPerSecond = double(best.kernels) / best.seconds;
    std::printf("\nkernels %zu, events %zu (kernels + API calls + NVTX ranges + memory ops + syncs)\n", best.kernels,
                best.events);
    std::printf("import best %.3f s (%.3f CPU s), median %.3f s\n", best.seconds, best.cpu, median.seconds);
    std::printf("kernels/s %.2f M, events/s %.2f M (best run)\n", kernelsPerSecond / 1e6,
                double(best.events) / best.seconds / 1e6);
    if (baselines) {
        std::printf("through SQLite only: best %.3f s (%.3f CPU s), %.2f M kernels/s; direct reader %.2fx faster wall, "
                    "%.2fx less CPU\n",
                    sqliteBest.seconds, sqliteBest.cpu, double(sqliteBest.kernels) / sqliteBest.seconds / 1e6,
                    sqliteBest.seconds / best.seconds, sqliteBest.cpu / best.cpu);
        std::printf("ratio import / kernel-table scan: %.2f\n", best.seconds / kernelScan.seconds);
        std::printf("ratio import / scan of the three tables: %.2f wall, %.2f CPU\n", best.seconds / allScan.seconds,
                    best.cpu / allScan.cpu);
        std::printf("ratio import CPU / floor CPU: %.2f; floor CPU spread over %u threads: %.3f s (%.2f M kernels/s at "
                    "best)\n",
                    best.cpu / floorScan.cpu, usableCores(), floorScan.cpu / usableCores(),
                    double(best.kernels) / (floorScan.cpu / usableCores()) / 1e6);
    }
    const ImportResult &quickestAttribution =
        *std::min_element(results.begin(), results.end(),
                          [](const ImportResult &a, const ImportResult &b) { return a.attributeCpu < b.attributeCpu; });
    std::printf("attribution (best run) %.3f s, %.3f CPU s, %.0f CPU ns per kernel, %zu of %zu kernels attributed; "
                "import + attribution %.3f s\n",
                quickestAttribution.attributeSeconds, quickestAttribution.attributeCpu,
                quickestAttribution.attributeCpu / double(best.kernels) * 1e9, quickestAttribution.attributedKernels,
                best.kernels, best.seconds + quickestAttribution.attributeSeconds);
    std::printf("attribution stages (that run): wall s, CPU s, CPU ns per kernel\n");
    for (int i = 0; i < quickestAttribution.stages; ++i)
        std::printf("  %-28s %8.3f %8.3f %8.0f\n", quickestAttribution.stageName[i], quickestAttribution.stageWall[i],
                    quickestAttribution.stageCpu[i], quickestAttribution.stageCpu[i] / double(best.kernels) * 1e9);
    std::printf("attribution digest %016llx (equal before and after a change of attribute() = equal results)\n",
                (unsigned long long)quickestAttribution.attributionDigest);
    for (const ImportResult &r : results)
        if (r.attributionDigest != quickestAttribution.attributionDigest)
            std::printf("WARNING: the runs' attribution digests differ\n");
    std::printf("attribution CPU / import CPU: %.2f\n", quickestAttribution.attributeCpu / best.cpu);
    std::printf("attribution wall / import wall (best run): %.2f (target < 1)\n",
                quickestAttribution.attributeSeconds / best.seconds);
    std::printf("peak RSS %.0f MB, %.1f resident bytes/event\n", double(best.peakKb) / 1024,
                double(best.residentBytes) / double(best.events));
    double load[3] = {0, 0, 0};
    if (::getloadavg(load, 3) == 3)
        std::printf("load average at the end: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    std::printf("target >= 1 M kernels/s: %s\n", kernelsPerSecond >= 1e6 ? "met" : "NOT met");

    if (!keep) {
        std::error_code ec;
        if (ownDir)
            std::filesystem::remove_all(dir, ec);
        else
            std::filesystem::remove(path, ec);
    }
    return 0;
}
