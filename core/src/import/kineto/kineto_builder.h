#pragma once
// Turns torch.profiler (Kineto) trace events into the profile model, one event at a time, then links
// what needs the whole trace (operator nesting, forward/backward flows, launching threads, names).

#include "import/kineto/kineto_event.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope::kineto {

class Builder {
public:
    explicit Builder(Profile &profile);

    // One element of traceEvents (or of the top-level array); `offset` locates it for messages.
    void add(const RawEvent &event, uint64_t offset);
    // After the last event. `baseTimeNs` is added to every time (baseTimeNanoseconds, 0 when absent).
    void finish(int64_t baseTimeNs, const Progress &progress);

    uint64_t eventCount() const { return events_; }
    bool sawUntypedEvents() const { return !untypedOps_.empty(); }
    bool sawLegacyCategories() const { return legacyCategories_; }

private:
    enum class Category : uint8_t;
    struct Flow {
        uint64_t id;
        int64_t pid, tid, ts;
        bool start;
    };
    struct PairHash {
        size_t operator()(const std::pair<int64_t, int64_t> &k) const
        {
            return std::hash<int64_t>()(k.first * 0x9E3779B97F4A7C15ll ^ k.second);
        }
    };

    Category classify(const Token *cat);
    void addComplete(const RawEvent &e, Category category, uint64_t offset);
    void addInstant(const RawEvent &e, uint64_t offset);
    void addRangeCounters(Index kernel, const RawEvent &e);
    void addFlow(const RawEvent &e, uint64_t offset);
    void addMetadata(const RawEvent &e);
    void skip(std::string_view what);
    void skip(std::string_view prefix, std::string_view what, std::string_view suffix);
    bool timeOf(const RawEvent &e, Field f, int64_t &ns, uint64_t offset);

    StringId intern(std::string_view text);
    StringId internToken(const Token &token);
    StringId shapesOf(const Token &dims);
    StringId gpuLane(const RawEvent &e);
    int64_t idOf(const Token *token, std::string_view *syntheticText = nullptr);
    Index threadOf(const RawEvent &e);
    Index findThread(int64_t pid, int64_t tid) const;

    void classifyUntypedOps();
    void nestOperators(const Progress &progress);
    void nestRanges();
    void resolveFlows();
    void linkLaunchThreads();
    void nameThreads();
    void shiftTimes(int64_t baseTimeNs);
    void addWarnings();
    void addCollectiveArgs(std::vector<MetricValue> &counters, Index owner, const RawEvent &e);

    Profile &p_;
    uint64_t events_ = 0;
    bool legacyCategories_ = false;

    struct CacheEntry {
        StringId id = kNoString;
        uint32_t size = 0;
    };
    std::vector<CacheEntry> nameCache_;
    std::string scratch_;
    std::string label_; // of skipped events

    std::unordered_map<std::pair<int64_t, int64_t>, Index, PairHash> threadIndex_;
    int64_t lastPid_ = 0, lastTid_ = 0;
    Index lastThread_ = kNoIndex;
    struct TextHash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    std::unordered_map<std::string, int64_t, TextHash, std::equal_to<>> syntheticIds_;
    std::vector<std::string> syntheticNames_; // by -(id + 1000)
    std::vector<std::pair<std::pair<int64_t, int64_t>, std::string>> threadNames_;
    int64_t lastLanePid_ = 0, lastLaneTid_ = 0;
    StringId lastLane_ = kNoString;
    std::vector<Index> untypedOps_; // operators that came without "cat" (legacy autograd export)

    std::vector<Flow> flows_;
    std::vector<std::pair<std::string, uint64_t>> skipped_;
    uint64_t badTimes_ = 0;
    uint64_t firstBadTime_ = 0;
    int64_t spanStart_ = INT64_MAX, spanEnd_ = INT64_MIN;
    uint64_t unresolvedFlows_ = 0;
};

} // namespace opscope::kineto
