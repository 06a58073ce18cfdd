// The torch.profiler importer's event scanner against simdjson's On-Demand API on the same trace, parse
// only (no profile is built): both read the whole file from memory and pick out the same fields of every
// event (the top-level ones and those of "args" that kineto_event.cpp reads) as raw text, skipping the
// rest. This is the comparison behind keeping the hand-written scanner (see kineto_event.cpp).
//
//   bench_kineto_parse FILE.json [--repeat 3]
#include "import/common/json_scan.h"
#include "import/kineto/kineto_event.h"

#include <simdjson.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

namespace {

double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

struct Result {
    double wall = 0, cpu = 0;
    uint64_t events = 0, fields = 0, fieldBytes = 0;
};

// The scanner: the traceEvents loop of kineto_json.cpp over one window that holds the whole file.
Result scanner(const std::string &padded, size_t size)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = cpuSeconds();
    opscope::json::Lexer lx;
    lx.origin = padded.data();
    lx.end = padded.data() + size;
    const char *p = padded.data() + std::string_view(padded.data(), size).find("\"traceEvents\"");
    p = std::find(p, lx.end, '[') + 1;
    opscope::kineto::RawEvent e;
    for (;;) {
        while (opscope::json::Lexer::isSpace(*p) || *p == ',')
            ++p;
        if (*p != '{')
            break;
        p = opscope::kineto::parseEvent(lx, p, e);
        if (!p)
            break;
        ++r.events;
        for (uint64_t bits = e.present; bits; bits &= bits - 1) {
            ++r.fields;
            r.fieldBytes += e.tokens[size_t(__builtin_ctzll(bits))].text.size();
        }
    }
    r.cpu = cpuSeconds() - cpu0;
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

bool wanted(std::string_view key, bool inArgs)
{
    static constexpr std::string_view kTop[] = {"ph", "cat", "name", "pid", "tid", "ts", "dur", "id", "s", "Addr"};
    static constexpr std::string_view kArgs[] = {"External id",
                                                 "external id",
                                                 "correlation",
                                                 "stream",
                                                 "device",
                                                 "bytes",
                                                 "Sequence number",
                                                 "Input Dims",
                                                 "grid",
                                                 "block",
                                                 "registers per thread",
                                                 "shared memory",
                                                 "queued",
                                                 "blocks per SM",
                                                 "warps per SM",
                                                 "est. achieved occupancy %",
                                                 "Bytes",
                                                 "Total Allocated",
                                                 "Total Reserved",
                                                 "Addr",
                                                 "Device Id",
                                                 "Device Type",
                                                 "name",
                                                 "cuda_sync_kind",
                                                 "Collective name",
                                                 "In msg nelems",
                                                 "Out msg nelems",
                                                 "dtype",
                                                 "Group size",
                                                 "Process Group Name"};
    if (inArgs)
        return std::find(std::begin(kArgs), std::end(kArgs), key) != std::end(kArgs);
    return std::find(std::begin(kTop), std::end(kTop), key) != std::end(kTop);
}

// The raw text of a value: its token, or the whole array/object (Input Dims is an array).
size_t rawSize(simdjson::ondemand::value v)
{
    using simdjson::ondemand::json_type;
    switch (v.type().value()) {
    case json_type::array:
        return v.get_array().value().raw_json().value().size();
    case json_type::object:
        return v.get_object().value().raw_json().value().size();
    default:
        return v.raw_json_token().size();
    }
}

// simdjson On-Demand: the same fields as raw text (strings with their quotes, numbers as written).
Result onDemand(const simdjson::padded_string &json)
{
    using namespace simdjson;
    Result r;
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = cpuSeconds();
    ondemand::parser parser;
    ondemand::document doc = parser.iterate(json);
    for (ondemand::object event : doc["traceEvents"].get_array()) {
        ++r.events;
        for (ondemand::field f : event) {
            const std::string_view key = f.unescaped_key().value();
            if (key == "args") {
                ondemand::value args = f.value();
                if (args.type() != ondemand::json_type::object)
                    continue;
                for (ondemand::field a : args.get_object()) {
                    const std::string_view argKey = a.unescaped_key().value();
                    if (!wanted(argKey, true))
                        continue;
                    ++r.fields;
                    r.fieldBytes += rawSize(a.value());
                }
                continue;
            }
            if (!wanted(key, false))
                continue;
            ++r.fields;
            r.fieldBytes += rawSize(f.value());
        }
    }
    r.cpu = cpuSeconds() - cpu0;
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE.json [--repeat N]\n", argv[0]);
        return 2;
    }
    const std::string path = argv[1];
    const int repeat = argc >= 4 && std::string_view(argv[2]) == "--repeat" ? std::max(1, std::atoi(argv[3])) : 3;
    simdjson::padded_string json;
    if (simdjson::padded_string::load(path).get(json)) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return 1;
    }
    const size_t size = json.size();
    std::string padded(json.data(), size);
    padded.resize(size + opscope::json::Window::kPadding, '\0');
    std::printf("file %s: %.1f MB; CPU %s; simdjson %s, On-Demand compiled for %s\n", path.c_str(), double(size) / 1e6,
                cpuModel().c_str(), STRINGIFY(SIMDJSON_VERSION), STRINGIFY(SIMDJSON_BUILTIN_IMPLEMENTATION));
    std::printf("%-22s %8s %8s %9s %9s %10s %12s\n", "parser (parse only)", "wall s", "cpu s", "MB/s wall", "MB/s cpu",
                "events", "fields");
    auto best = [&](auto run) {
        Result b;
        for (int i = 0; i < repeat; ++i) {
            const Result r = run();
            if (i == 0 || r.cpu < b.cpu)
                b = r;
        }
        return b;
    };
    const Result s = best([&] { return scanner(padded, size); });
    const Result o = best([&] { return onDemand(json); });
    for (const auto &[name, r] : {std::pair{"scanner", s}, std::pair{"simdjson On-Demand", o}})
        std::printf("%-22s %8.3f %8.3f %9.0f %9.0f %10llu %12llu\n", name, r.wall, r.cpu, double(size) / 1e6 / r.wall,
                    double(size) / 1e6 / r.cpu, (unsigned long long)r.events, (unsigned long long)r.fields);
    std::printf("simdjson CPU / scanner CPU: %.2f (best of %d each)\n", o.cpu / s.cpu, repeat);
    if (s.events != o.events || s.fields != o.fields)
        std::printf("WARNING: the two saw different events or fields\n");
    return 0;
}
