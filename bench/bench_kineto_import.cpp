// Benchmark of the torch.profiler (Kineto) trace import on large traces.
//
// Builds traces of ~100 MB and ~1 GB by repeating the 20 training steps of
// h100/kineto_gpt12_train20.json.gz with shifted times and ids (written uncompressed to a temporary
// folder, streaming), then for each: imports it in a child process on one thread, on two (a parsing
// thread and the building one) and on three (each fill parsed on two threads), reporting wall time, CPU time, system
// time, page faults and peak RSS of the child (from wait4) and the resident bytes of the loaded profile per event, and,
// in the same run, times python3's json.load of the same file as the baseline. The CPU model and the load average are
// printed with the figures. With --keep the traces stay in DIR and a later run with --keep reuses them.
//
//   bench_kineto_import [--sizes-mb 100,1000] [--repeat 3] [--python-max-mb 1100] [--dir DIR] [--keep]
#include "build_paths.h"
#include "import/importers.h"
#include "opscope/concurrency/cores.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/process.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

struct BaseTrace {
    std::string text;
    std::string_view header; // up to and including the '[' of traceEvents
    std::string_view tail;   // from the ']' of traceEvents to the end
    std::vector<std::string_view> events;
    int64_t shiftNs = 0; // time shift between two copies of the steps
    int64_t idShift = 0; // id shift between two copies (External id, correlation, flow id)
};

// Microseconds text ("4462052786045.100" or "1694039968955744") to ns, and back in the same style.
int64_t microsToNs(std::string_view text, bool &fractional)
{
    const size_t dot = text.find('.');
    fractional = dot != std::string_view::npos;
    const int64_t whole = std::strtoll(std::string(text.substr(0, dot)).c_str(), nullptr, 10);
    int64_t frac = 0;
    if (fractional) {
        std::string digits(text.substr(dot + 1));
        digits.resize(3, '0');
        frac = std::strtoll(digits.c_str(), nullptr, 10);
    }
    return whole * 1000 + (whole < 0 ? -frac : frac);
}

void appendMicros(std::string &out, int64_t ns, bool fractional)
{
    char buf[64];
    if (fractional)
        std::snprintf(buf, sizeof buf, "%lld.%03lld", (long long)(ns / 1000), (long long)(ns % 1000));
    else
        std::snprintf(buf, sizeof buf, "%lld", (long long)(ns / 1000));
    out += buf;
}

// The number that follows `key` in an event's text: [begin, end) offsets, or false.
bool numberAfter(std::string_view event, std::string_view key, size_t &begin, size_t &end)
{
    const size_t at = event.find(key);
    if (at == std::string_view::npos)
        return false;
    begin = end = at + key.size();
    while (end < event.size() && (std::isdigit(uint8_t(event[end])) || event[end] == '.' || event[end] == '-'))
        ++end;
    return end > begin;
}

constexpr std::string_view kIdKeys[] = {"\"External id\": ", "\"correlation\": ", "\"id\": "};

BaseTrace loadBase(const std::string &path)
{
    BaseTrace base;
    base.text = opscope::readMaybeGzipped(path);
    const std::string_view all = base.text;
    const size_t key = all.find("\"traceEvents\"");
    const size_t open = all.find('[', key);
    base.header = all.substr(0, open + 1);
    // Split the events array into its objects (depth 1 inside the array).
    size_t i = open + 1;
    int depth = 0;
    size_t start = 0;
    bool inString = false;
    for (; i < all.size(); ++i) {
        const char c = all[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{') {
            if (depth++ == 0)
                start = i;
        } else if (c == '}') {
            if (--depth == 0)
                base.events.push_back(all.substr(start, i + 1 - start));
        } else if (c == ']' && depth == 0) {
            break;
        }
    }
    base.tail = all.substr(i);
    int64_t first = INT64_MAX, last = INT64_MIN, maxId = 0;
    for (std::string_view e : base.events) {
        size_t b, en;
        bool frac;
        if (numberAfter(e, "\"ts\": ", b, en)) {
            const int64_t ts = microsToNs(e.substr(b, en - b), frac);
            int64_t dur = 0;
            if (numberAfter(e, "\"dur\": ", b, en))
                dur = microsToNs(e.substr(b, en - b), frac);
            first = std::min(first, ts);
            last = std::max(last, ts + dur);
        }
        for (std::string_view k : kIdKeys)
            if (numberAfter(e, k, b, en))
                maxId = std::max<int64_t>(maxId, std::strtoll(std::string(e.substr(b, en - b)).c_str(), nullptr, 10));
    }
    base.shiftNs = ((last - first) / 1000 + 1000) * 1000; // the steps' span plus 1 ms, whole µs
    base.idShift = maxId + 1;
    return base;
}

bool isOnceOnly(std::string_view e)
{
    // Metadata, the profiler's span and its global marks describe the whole trace: write them once.
    return e.find("\"ph\": \"M\"") != std::string_view::npos ||
           e.find("\"cat\": \"Trace\"") != std::string_view::npos || e.find("\"s\": \"g\"") != std::string_view::npos;
}

struct Generated {
    uint64_t bytes = 0;
    uint64_t events = 0;
    int copies = 0;
};

// Writes `copies` copies of the steps, copy k shifted by k * shift (times and ids), streaming.
Generated writeTrace(const BaseTrace &base, const std::string &path, uint64_t targetBytes)
{
    uint64_t eventBytes = 0;
    for (std::string_view e : base.events)
        eventBytes += e.size() + 4;
    Generated g;
    g.copies = int(std::max<uint64_t>(1, (targetBytes + eventBytes / 2) / eventBytes));
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f) {
        std::perror(path.c_str());
        std::exit(1);
    }
    static char buffer[1 << 20];
    std::setvbuf(f, buffer, _IOFBF, sizeof buffer);
    std::fwrite(base.header.data(), 1, base.header.size(), f);
    std::string out;
    bool first = true;
    for (int k = 0; k < g.copies; ++k) {
        for (std::string_view e : base.events) {
            if (k > 0 && isOnceOnly(e))
                continue;
            out.assign(first ? "\n  " : ",\n  ");
            first = false;
            if (k == 0) {
                out.append(e);
            } else {
                // Rewrite the numbers in text order: ts, then the ids.
                struct Edit {
                    size_t begin, end;
                    std::string text;
                };
                std::vector<Edit> edits;
                size_t b, en;
                bool frac;
                if (numberAfter(e, "\"ts\": ", b, en)) {
                    std::string t;
                    appendMicros(t, microsToNs(e.substr(b, en - b), frac) + k * base.shiftNs, frac);
                    edits.push_back({b, en, t});
                }
                for (std::string_view key : kIdKeys)
                    if (numberAfter(e, key, b, en))
                        edits.push_back(
                            {b, en,
                             std::to_string(std::strtoll(std::string(e.substr(b, en - b)).c_str(), nullptr, 10) +
                                            k * base.idShift)});
                std::sort(edits.begin(), edits.end(), [](const Edit &x, const Edit &y) { return x.begin < y.begin; });
                size_t at = 0;
                for (const Edit &edit : edits) {
                    out.append(e.substr(at, edit.begin - at));
                    out.append(edit.text);
                    at = edit.end;
                }
                out.append(e.substr(at));
            }
            std::fwrite(out.data(), 1, out.size(), f);
            ++g.events;
        }
    }
    std::fwrite("\n  ", 1, 3, f);
    std::fwrite(base.tail.data(), 1, base.tail.size(), f);
    std::fclose(f);
    g.bytes = fs::file_size(path);
    return g;
}

struct ImportRun {
    double wallS = 0, cpuS = 0, sysS = 0;
    uint64_t peakRssBytes = 0;
    uint64_t minorFaults = 0, majorFaults = 0;
    std::string childReport;
    bool ok = false;
};

double seconds(const timeval &t)
{
    return double(t.tv_sec) + double(t.tv_usec) / 1e6;
}

// The child's side: imports `path` (on `threads` threads, 0: the importer's choice) and writes a one-line
// report to `fd`.
int importAndReport(const std::string &path, int fd, unsigned threads)
{
    std::string report;
    int rc = 0;
    try {
        opscope::importers::KinetoReadOptions options;
        options.threads = threads;
        opscope::importers::KinetoReadStats stats;
        options.stats = &stats;
        const opscope::Profile p = opscope::importers::importKinetoJsonWith(path, opscope::Progress(), options);
        const size_t records = p.kernels.size() + p.operators.size() + p.ranges.size() + p.api_calls.size() +
                               p.memory_ops.size() + p.syncs.size() + p.memory_samples.size() + p.operator_links.size();
        // CPU time of this (the building) thread and of the others (the parsing threads): on free cores the
        // import cannot take less wall time than the busiest thread's.
        rusage self{}, thread{};
        getrusage(RUSAGE_SELF, &self);
        getrusage(RUSAGE_THREAD, &thread);
        const auto us = [](const timeval &t) { return int64_t(t.tv_sec) * 1000000 + t.tv_usec; };
        const int64_t mainUs = us(thread.ru_utime) + us(thread.ru_stime);
        const int64_t otherUs = std::max<int64_t>(0, us(self.ru_utime) + us(self.ru_stime) - mainUs);
        report = "main_cpu_us=" + std::to_string(mainUs) + " other_cpu_us=" + std::to_string(otherUs) +
                 " resident_bytes=" + std::to_string(p.residentBytes()) + " records=" + std::to_string(records) +
                 " kernels=" + std::to_string(p.kernels.size()) + " ops=" + std::to_string(p.operators.size()) +
                 " links=" + std::to_string(p.operator_links.size()) +
                 " reader_cpu_us=" + std::to_string(int64_t(stats.readingThreadCpuS * 1e6)) +
                 " second_cpu_us=" + std::to_string(int64_t(stats.secondThreadCpuS * 1e6)) +
                 " link_us=" + std::to_string(int64_t(stats.linkSeconds * 1e6)) +
                 " split_fills=" + std::to_string(stats.splitFills) +
                 " missed_splits=" + std::to_string(stats.missedSplits);
    } catch (const std::exception &e) {
        report = std::string("error=") + e.what();
        rc = 1;
    }
    [[maybe_unused]] const ssize_t n = write(fd, report.data(), report.size());
    close(fd);
    return rc;
}

// Imports `path` in a child process (this program run again with --import-child) and times it.
ImportRun importInChild(const std::string &path, unsigned threads)
{
    int fds[2];
    if (pipe(fds) != 0) {
        std::perror("pipe");
        std::exit(1);
    }
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        const std::string fd = std::to_string(fds[1]);
        const std::string threadCount = std::to_string(threads);
        execl("/proc/self/exe", "bench_kineto_import", "--import-child", path.c_str(), fd.c_str(), threadCount.c_str(),
              (char *)nullptr);
        _exit(127);
    }
    close(fds[1]);
    ImportRun run;
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        run.childReport.append(buf, size_t(n));
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    run.wallS = std::chrono::duration<double>(Clock::now() - start).count();
    run.cpuS = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    run.sysS = seconds(usage.ru_stime);
    run.minorFaults = uint64_t(usage.ru_minflt);
    run.majorFaults = uint64_t(usage.ru_majflt);
    run.peakRssBytes = uint64_t(usage.ru_maxrss) * 1024;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

// The import children are started by a small launcher process forked before the base trace is loaded:
// a child's ru_maxrss counts the RSS it inherits at fork (Linux keeps it across exec), so forking them
// from this process, which holds the base trace, would add that to their peak.
struct Launcher {
    FILE *requests = nullptr; // "threads path" lines
    FILE *results = nullptr;  // "wall cpu sys maxrss minflt majflt ok report" lines
    pid_t pid = -1;
};

Launcher startLauncher()
{
    int toLauncher[2], fromLauncher[2];
    if (pipe(toLauncher) != 0 || pipe(fromLauncher) != 0) {
        std::perror("pipe");
        std::exit(1);
    }
    Launcher l;
    l.pid = fork();
    if (l.pid == 0) {
        close(toLauncher[1]);
        close(fromLauncher[0]);
        FILE *in = fdopen(toLauncher[0], "r");
        FILE *out = fdopen(fromLauncher[1], "w");
        char line[4096];
        while (std::fgets(line, sizeof line, in)) {
            char *rest = nullptr;
            const unsigned threads = unsigned(std::strtoul(line, &rest, 10));
            std::string path(rest + 1);
            path.erase(path.find_last_not_of('\n') + 1);
            const ImportRun run = importInChild(path, threads);
            std::fprintf(out, "%.6f %.6f %.6f %llu %llu %llu %d %s\n", run.wallS, run.cpuS, run.sysS,
                         (unsigned long long)run.peakRssBytes, (unsigned long long)run.minorFaults,
                         (unsigned long long)run.majorFaults, run.ok ? 1 : 0, run.childReport.c_str());
            std::fflush(out);
        }
        _exit(0);
    }
    close(toLauncher[0]);
    close(fromLauncher[1]);
    l.requests = fdopen(toLauncher[1], "w");
    l.results = fdopen(fromLauncher[0], "r");
    return l;
}

ImportRun importThroughLauncher(Launcher &l, const std::string &path, unsigned threads)
{
    std::fprintf(l.requests, "%u %s\n", threads, path.c_str());
    std::fflush(l.requests);
    ImportRun run;
    char line[8192];
    if (!std::fgets(line, sizeof line, l.results))
        return run;
    unsigned long long rss = 0, minflt = 0, majflt = 0;
    int ok = 0, consumed = 0;
    std::sscanf(line, "%lf %lf %lf %llu %llu %llu %d %n", &run.wallS, &run.cpuS, &run.sysS, &rss, &minflt, &majflt, &ok,
                &consumed);
    run.peakRssBytes = rss;
    run.minorFaults = minflt;
    run.majorFaults = majflt;
    run.ok = ok != 0;
    run.childReport = std::string(line + consumed);
    run.childReport.erase(run.childReport.find_last_not_of('\n') + 1);
    return run;
}

void stopLauncher(Launcher &l)
{
    std::fclose(l.requests);
    std::fclose(l.results);
    int status = 0;
    waitpid(l.pid, &status, 0);
}

double childrenCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Wall time of python3's json.load of `path`; its CPU time (from the children's rusage) in `cpuS`.
double pythonJsonLoad(const std::string &path, bool &ok, double &cpuS)
{
    opscope::ProcessSpec spec;
    spec.argv = {"python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path};
    const double cpuBefore = childrenCpuSeconds();
    const auto start = Clock::now();
    const opscope::ProcessResult result = opscope::runProcess(spec);
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    cpuS = childrenCpuSeconds() - cpuBefore;
    ok = result.ok();
    if (!ok)
        std::fprintf(stderr, "python3 failed: %s %s\n", result.startError.c_str(), result.output.c_str());
    return wall;
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

uint64_t field(const std::string &report, const std::string &key)
{
    const size_t at = report.find(key + "=");
    return at == std::string::npos ? 0 : std::strtoull(report.c_str() + at + key.size() + 1, nullptr, 10);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 5 && std::string_view(argv[1]) == "--import-child")
        return importAndReport(argv[2], std::atoi(argv[3]), unsigned(std::atoi(argv[4])));
    std::vector<uint64_t> sizesMb = {100, 1000};
    int repeat = 3;
    uint64_t pythonMaxMb = 1100;
    std::string dir;
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--sizes-mb" && i + 1 < argc) {
            sizesMb.clear();
            for (std::string_view s = argv[++i]; !s.empty();) {
                const size_t comma = s.find(',');
                sizesMb.push_back(std::strtoull(std::string(s.substr(0, comma)).c_str(), nullptr, 10));
                s = comma == std::string_view::npos ? std::string_view() : s.substr(comma + 1);
            }
        } else if (a == "--repeat" && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else if (a == "--python-max-mb" && i + 1 < argc) {
            pythonMaxMb = std::strtoull(argv[++i], nullptr, 10);
        } else if (a == "--dir" && i + 1 < argc) {
            dir = argv[++i];
        } else if (a == "--keep") {
            keep = true;
        } else {
            std::fprintf(stderr,
                         "usage: %s [--sizes-mb 100,1000] [--repeat N] [--python-max-mb N] [--dir DIR] [--keep]\n",
                         argv[0]);
            return 2;
        }
    }
    if (dir.empty()) {
        char pattern[] = "/tmp/bench_kineto_XXXXXX";
        if (!mkdtemp(pattern)) {
            std::perror("mkdtemp");
            return 1;
        }
        dir = pattern;
    }
    fs::create_directories(dir);
    Launcher launcher = startLauncher();

    const std::string basePath = std::string(opscope::test::fixturesDir()) + "/h100/kineto_gpt12_train20.json.gz";
    const BaseTrace base = loadBase(basePath);
    std::printf("base: %s (%zu events, %.1f MB of JSON), copies shifted by %.3f ms and %lld ids\n", basePath.c_str(),
                base.events.size(), double(base.text.size()) / 1e6, double(base.shiftNs) / 1e6,
                (long long)base.idShift);
    // MB/s and events/s are per wall second; "ratio" is python's wall time over ours, "cpu ratio" the
    // same for CPU time (user + system), which a busy machine disturbs less.
    // "sys s" is the kernel's share of the CPU time (page faults, read copies); minflt/majflt the page faults.
    double load[3] = {0, 0, 0};
    getloadavg(load, 3);
    std::printf("CPU: %s, %u hardware threads; load average at the start %.2f %.2f %.2f\n", cpuModel().c_str(),
                std::thread::hardware_concurrency(), load[0], load[1], load[2]);
    std::printf("%8s %9s %3s | %8s %8s %7s %9s %10s %7s %8s %8s %9s %6s | %8s %8s %8s | %6s %6s\n", "MB", "events",
                "thr", "wall s", "cpu s", "sys s", "MB/s", "events/s", "RSS MB", "RSS/JSON", "B/event", "minflt",
                "majflt", "py s", "py cpu", "py MB/s", "ratio", "cpu");
    int failures = 0;
    for (const uint64_t mb : sizesMb) {
        const std::string path = dir + "/kineto_" + std::to_string(mb) + "mb.json";
        Generated g;
        const std::string eventsNote = path + ".events"; // with --keep: the events and copies of a kept file
        if (std::ifstream note(eventsNote); keep && note && fs::exists(path)) {
            note >> g.events >> g.copies;
            g.bytes = fs::file_size(path);
        } else {
            g = writeTrace(base, path, mb * 1000 * 1000);
            if (keep)
                std::ofstream(eventsNote) << g.events << " " << g.copies << "\n";
        }
        const double sizeMb = double(g.bytes) / 1e6;
        // Median of `repeat` imports, on one thread, two and three (the importer's choice for a big file); the
        // file is in the page cache for all contenders.
        bool pyDone = false, pyOk = false;
        double pyS = 0, pyCpuS = 0;
        double oneThreadWall = 0, oneThreadCpu = 0;
        for (const unsigned threads : {1u, 2u, 3u}) {
            std::vector<ImportRun> runs;
            for (int r = 0; r < repeat; ++r)
                runs.push_back(importThroughLauncher(launcher, path, threads));
            std::sort(runs.begin(), runs.end(),
                      [](const ImportRun &a, const ImportRun &b) { return a.wallS < b.wallS; });
            const ImportRun &run = runs[runs.size() / 2];
            if (!run.ok) {
                std::printf("import failed: %s\n", run.childReport.c_str());
                ++failures;
                continue;
            }
            if (!pyDone) {
                pyDone = true;
                if (mb <= pythonMaxMb)
                    pyS = pythonJsonLoad(path, pyOk, pyCpuS);
            }
            if (threads == 1) {
                oneThreadWall = run.wallS;
                oneThreadCpu = run.cpuS;
            }
            const uint64_t resident = field(run.childReport, "resident_bytes");
            std::printf("%8.1f %9llu %3u | %8.3f %8.3f %7.3f %9.1f %10.0f %7.1f %8.2f %8.1f %9llu %6llu | ", sizeMb,
                        (unsigned long long)g.events, threads, run.wallS, run.cpuS, run.sysS, sizeMb / run.wallS,
                        double(g.events) / run.wallS, double(run.peakRssBytes) / 1e6,
                        double(run.peakRssBytes) / double(g.bytes), double(resident) / double(g.events),
                        (unsigned long long)run.minorFaults, (unsigned long long)run.majorFaults);
            if (pyOk)
                std::printf("%8.2f %8.2f %8.1f | %5.1fx %5.1fx\n", pyS, pyCpuS, sizeMb / pyS, pyS / run.wallS,
                            pyCpuS / run.cpuS);
            else
                std::printf("%8s %8s %8s | %6s %6s\n", "-", "-", "-", "-", "-");
            std::printf("         child: %s; %d copies; import wall times:", run.childReport.c_str(), g.copies);
            for (const ImportRun &r : runs)
                std::printf(" %.3f", r.wallS);
            if (threads > 1 && oneThreadWall > 0)
                std::printf("; against 1 thread: %.2fx wall, %.2fx CPU", oneThreadWall / run.wallS,
                            run.cpuS / oneThreadCpu);
            // The busiest thread's CPU time: the wall time this import needs with its cores to itself.
            const double busiest =
                double(std::max({field(run.childReport, "main_cpu_us"), field(run.childReport, "reader_cpu_us"),
                                 field(run.childReport, "second_cpu_us")})) /
                1e6;
            // With more threads than cores the bound is also the CPU time spread over the cores.
            const unsigned cores = std::min(threads, unsigned(opscope::concurrency::usableCores()));
            const double bound = std::max(busiest, run.cpuS / cores);
            std::printf("\n         busiest thread %.3f CPU s, bound %.3f s: %.0f MB/s with %u free core%s", busiest,
                        bound, sizeMb / bound, cores, cores > 1 ? "s" : "");
            if (pyOk)
                std::printf(", %.1fx python's json.load CPU time", pyCpuS / busiest);
            std::printf("\n");
            std::fflush(stdout);
        }
        if (!keep)
            fs::remove(path);
    }
    stopLauncher(launcher);
    getloadavg(load, 3);
    std::printf("load average at the end %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    if (!keep)
        fs::remove(dir);
    return failures == 0 ? 0 : 1;
}
