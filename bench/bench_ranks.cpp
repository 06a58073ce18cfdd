// Benchmark of multi-rank profiles (docs/scaling.md): what 1, 2, 4, 8 ranks cost to import into one
// profile and to analyse (analyzeRanks), from a real torch.profiler trace replicated per rank.
//
// Each rank is a copy of the trace with `distributedInfo` set to that rank and world size, its pids
// shifted (as another process would have) and its times shifted by rank x 20 us (inside one host's
// clock tolerance, so the merge keeps them; it gives the collectives an arrival skew). For each rank
// count a child process (this program run again) imports the copies (importCapture, as `opscope import
// r0.json ... rN.json`) and runs analyzeRanks; the child reports its peak RSS (VmHWM). Ratios are against the
// 1-rank run of the same invocation.
//
//   bench_ranks [--trace FILE.json[.gz]] [--ranks 1,2,4,8] [--dir DIR]
#include "build_paths.h"
#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/ranks.h"

#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

struct Figures {
    double importS = 0, analyzeS = 0;
    long maxRssKb = 0;
    size_t events = 0, collectives = 0, matched = 0;
};

// Writes the copy of `trace` for `rank` of `world` into `path`.
void writeRank(nlohmann::json trace, int rank, int world, const std::string &path)
{
    trace["distributedInfo"]["rank"] = rank;
    trace["distributedInfo"]["world_size"] = world;
    const double shiftUs = 20.0 * rank;
    for (auto &e : trace["traceEvents"]) {
        if (e.contains("pid") && e["pid"].is_number_integer())
            e["pid"] = e["pid"].get<int64_t>() + 100000 * rank;
        if (e.contains("ts") && e["ts"].is_number())
            e["ts"] = e["ts"].get<double>() + shiftUs;
    }
    std::ofstream(path) << trace.dump();
}

// In the child (a fresh exec of this program, so that its peak RSS is the import's alone): imports the
// files, analyses them and writes the figures to stdout.
int measureHere(const std::vector<std::string> &files)
{
    Figures f;
    const auto t0 = Clock::now();
    const opscope::Profile p = opscope::importCapture(files);
    const auto t1 = Clock::now();
    const opscope::RankReport report = opscope::analyzeRanks(p);
    const auto t2 = Clock::now();
    f.importS = std::chrono::duration<double>(t1 - t0).count();
    f.analyzeS = std::chrono::duration<double>(t2 - t1).count();
    f.events = p.kernels.size() + p.operators.size() + p.ranges.size() + p.api_calls.size();
    f.collectives = report.collectives.size();
    f.matched = report.matched.size();
    // The peak of this process since its exec (wait4's ru_maxrss would count the parent's pages the child
    // held between fork and exec).
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmHWM:"))
            f.maxRssKb = std::atol(line.c_str() + 6);
    return write(1, &f, sizeof f) == sizeof f ? 0 : 1;
}

Figures measure(const std::vector<std::string> &files)
{
    int fds[2];
    if (pipe(fds) != 0)
        std::exit(1);
    const pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        dup2(fds[1], 1);
        std::vector<std::string> args = {"bench_ranks", "--measure"};
        args.insert(args.end(), files.begin(), files.end());
        std::vector<char *> argv;
        for (std::string &a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv("/proc/self/exe", argv.data());
        _exit(127);
    }
    close(fds[1]);
    Figures f;
    const bool got = read(fds[0], &f, sizeof f) == sizeof f;
    close(fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    if (!got || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "the import of %zu ranks failed\n", files.size());
        std::exit(1);
    }
    return f;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 2 && !std::strcmp(argv[1], "--measure"))
        return measureHere(std::vector<std::string>(argv + 2, argv + argc));
    std::string trace =
        std::string(opscope::test::fixturesDir()) + "/public/kineto-multirank/HolisticTraceAnalysis__nccl_data.json.gz";
    std::vector<int> counts = {1, 2, 4, 8};
    std::string dir;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--trace"))
            trace = argv[i + 1];
        else if (!std::strcmp(argv[i], "--dir"))
            dir = argv[i + 1];
        else if (!std::strcmp(argv[i], "--ranks")) {
            counts.clear();
            for (const char *s = argv[i + 1]; *s;) {
                counts.push_back(std::atoi(s));
                while (*s && *s != ',')
                    ++s;
                if (*s)
                    ++s;
            }
        }
    }
    const bool keep = !dir.empty();
    if (dir.empty())
        dir = (fs::temp_directory_path() / ("bench_ranks." + std::to_string(getpid()))).string();
    fs::create_directories(dir);
    std::vector<std::vector<std::string>> runs;
    {
        const nlohmann::json base = nlohmann::json::parse(opscope::readMaybeGzipped(trace));
        std::printf("trace: %s (%zu events), copies in %s\n", trace.c_str(), base["traceEvents"].size(), dir.c_str());
        for (int n : counts) {
            runs.emplace_back();
            for (int r = 0; r < n; ++r) {
                runs.back().push_back(dir + "/rank-" + std::to_string(r) + "-of-" + std::to_string(n) + ".json");
                if (!fs::exists(runs.back().back()))
                    writeRank(base, r, n, runs.back().back());
            }
        }
    }
    std::printf("%6s %10s %10s %12s %12s %12s %10s %10s %10s %10s\n", "ranks", "events", "collectives", "matched",
                "import s", "analyze s", "peak MiB", "import x", "analyze x", "memory x");
    Figures one;
    for (size_t i = 0; i < counts.size(); ++i) {
        const int n = counts[i];
        const Figures f = measure(runs[i]);
        if (n == counts.front())
            one = f;
        const double k = double(n) / counts.front();
        std::printf("%6d %10zu %10zu %12zu %12.3f %12.4f %10.1f %10.2f %10.2f %10.2f   (linear: %.0fx)\n", n, f.events,
                    f.collectives, f.matched, f.importS, f.analyzeS, f.maxRssKb / 1024.0, f.importS / one.importS,
                    f.analyzeS / std::max(1e-9, one.analyzeS), double(f.maxRssKb) / double(one.maxRssKb), k);
    }
    if (!keep)
        fs::remove_all(dir);
    return 0;
}
