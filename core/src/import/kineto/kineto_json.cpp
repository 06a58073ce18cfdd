// torch.profiler (Kineto) trace import: Chrome-trace JSON, plain or gzipped, in its current form (an
// object with "traceEvents", times in µs relative to baseTimeNanoseconds), the 2023 and 2021 forms
// (integer epoch µs; categories Operator/Runtime/Kernel), ROCm traces, and the legacy autograd
// profiler's bare array (CPU-only torch). Traces reach a gigabyte: the file is streamed in chunks and
// each event object is picked apart in place (kineto_event.cpp); only small top-level values such as
// deviceProperties are parsed as JSON documents.
#include "import/common/json_scan.h"
#include "import/importers.h"
#include "import/kineto/kineto_builder.h"
#include "import/kineto/kineto_event.h"

#include "opscope/errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace opscope::importers {

namespace {

using json::Lexer;
using json::SyntaxError;

// Bytes per fill of the window. On one thread big fills keep the read calls few. On two, each fill is
// parsed on one core and built on the other: fills of 1 MiB are still in the shared cache when the
// building thread reads their names and numbers, where 8 MiB fills cost 30% more CPU time in all
// (1 GB trace, bench_kineto_import; docs/performance.md).
constexpr size_t kSerialChunkBytes = size_t(8) << 20;
constexpr size_t kParallelChunkBytes = size_t(1) << 20;

// Below this much text a second thread costs more than it saves.
constexpr uint64_t kParallelMinBytes = uint64_t(16) << 20;
// Fills of the window in flight between the parsing thread and the building one: the batch being built
// and the one being parsed. The window rotates over as many buffers, each batch's events pointing into
// its own (tst_kineto_import fails with one buffer fewer).
constexpr size_t kBatchesInFlight = 2;
constexpr size_t kMaxValueBytes = size_t(256) << 20; // one event, or one top-level value we keep

std::string textOfScalar(const nlohmann::json &value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// ---- Detection -----------------------------------------------------------------------------------

// What the first bytes say. Detection parses the head with the importer's own event parser.
class HeadScan {
public:
    explicit HeadScan(const std::string &head)
    {
        bytes_.assign(head.begin(), head.end());
        bytes_.resize(head.size() + json::Window::kPadding, '\0');
        lexer_.origin = bytes_.data();
        lexer_.end = bytes_.data() + head.size();
    }

    bool looksLikeKineto()
    {
        try {
            const char *p = Lexer::skipSpace(skipBom(bytes_.data()));
            if (*p == '[')
                return scanEvents(p) && kinetoEvents_ > 0 && foreignEvents_ == 0;
            if (*p == '{')
                return scanObject(p);
        } catch (const SyntaxError &) {
        }
        return false;
    }

private:
    static const char *skipBom(const char *p) { return std::memcmp(p, "\xEF\xBB\xBF", 3) == 0 ? p + 3 : p; }

    bool scanObject(const char *p)
    {
        bool kinetoKeys = false;
        p = Lexer::skipSpace(p + 1);
        while (*p == '"') {
            bool escaped = false;
            const char *keyEnd = lexer_.stringEnd(p + 1, escaped);
            if (!keyEnd)
                break;
            const std::string_view key(p + 1, size_t(keyEnd - p - 1));
            p = Lexer::skipSpace(keyEnd + 1);
            if (*p != ':')
                return false;
            p = Lexer::skipSpace(p + 1);
            if (key == "schemaVersion" || key == "deviceProperties" || key == "baseTimeNanoseconds" ||
                key == "distributedInfo" || key == "cupti_version" || key == "roctracer_version")
                kinetoKeys = true;
            if (key == "traceEvents" && *p == '[') {
                scanEvents(p);
                // A Chrome trace from another program has traceEvents too: it needs Kineto's own keys or events.
                return foreignEvents_ == 0 && (kinetoEvents_ > 0 || kinetoKeys);
            }
            p = lexer_.valueEnd(p);
            if (!p)
                break;
            p = Lexer::skipSpace(p);
            if (*p != ',')
                break;
            p = Lexer::skipSpace(p + 1);
        }
        return kinetoKeys; // the head ended before traceEvents (a long "metadata" first, say)
    }

    // Looks at the events in the head; false if the array holds something other than objects.
    bool scanEvents(const char *p)
    {
        p = p + 1;
        kineto::RawEvent event;
        for (;;) {
            while (Lexer::isSpace(*p) || *p == ',')
                ++p;
            if (*p != '{')
                return *p == ']' || *p == '\0';
            p = kineto::parseEvent(lexer_, p, event);
            if (!p)
                return true;
            judge(event);
        }
    }

    void judge(const kineto::RawEvent &e)
    {
        const std::string_view cat = e.text(kineto::Field::Cat);
        // ONNX Runtime profiles are bare arrays too, with these categories.
        if (cat == "Session" || cat == "Node" || cat == "Api") {
            ++foreignEvents_;
            return;
        }
        static constexpr std::string_view kKinetoCategories[] = {
            "cpu_op",       "user_annotation", "gpu_user_annotation", "python_function", "kernel",
            "cuda_runtime", "cuda_driver",     "gpu_memcpy",          "gpu_memset",      "cuda_sync",
            "ac2g",         "fwdbwd",          "cpu_instant_event",   "Trace",           "Operator",
            "Runtime"};
        if (std::find(std::begin(kKinetoCategories), std::end(kKinetoCategories), cat) != std::end(kKinetoCategories)) {
            ++kinetoEvents_;
            return;
        }
        // The legacy autograd export: no categories, pid "CPU functions".
        const kineto::Token *pid = e.get(kineto::Field::Pid);
        if (!e.has(kineto::Field::Cat) && pid && pid->kind == kineto::TokenKind::String &&
            (pid->text == "CPU functions" || pid->text == "CUDA functions"))
            ++kinetoEvents_;
    }

    std::vector<char> bytes_;
    Lexer lexer_;
    size_t kinetoEvents_ = 0;
    size_t foreignEvents_ = 0;
};

// ---- Parsed events between threads -------------------------------------------------------------

// The events parsed from one fill of the window, packed: the fields each event has (views into the
// window's buffer of that fill, which the window leaves untouched until the batch is released).
struct EventBatch {
    struct Packed {
        const char *text;
        uint32_t size;
        kineto::Field field;
        kineto::TokenKind kind;
        bool escaped;
    };
    struct Event {
        uint64_t offset;
        uint64_t present;
        const char *begin;
        uint32_t firstToken;
    };
    std::vector<Event> events;
    std::vector<Packed> tokens;
    uint64_t fileBytesRead = 0; // for progress

    void clear()
    {
        events.clear();
        tokens.clear();
    }

    void add(const kineto::RawEvent &e, uint64_t offset)
    {
        events.push_back({offset, e.present, e.begin, uint32_t(tokens.size())});
        for (uint64_t bits = e.present; bits; bits &= bits - 1) {
            const auto f = kineto::Field(std::countr_zero(bits));
            const kineto::Token &t = e.tokens[size_t(f)];
            tokens.push_back({t.text.data(), uint32_t(t.text.size()), f, t.kind, t.escaped});
        }
    }

    // Event i back into `e` (only the fields it has are written: has() reads `present`).
    void unpack(size_t i, kineto::RawEvent &e) const
    {
        const Event &ev = events[i];
        e.present = ev.present;
        e.begin = ev.begin;
        const uint32_t last = i + 1 < events.size() ? events[i + 1].firstToken : uint32_t(tokens.size());
        for (uint32_t t = ev.firstToken; t < last; ++t) {
            const Packed &pk = tokens[t];
            e.tokens[size_t(pk.field)] = {std::string_view(pk.text, pk.size), pk.kind, pk.escaped};
        }
    }
};

// A queue of batches from the parsing thread to the building one, in order, and of emptied batches
// back: the parser fills batch n only once the builder has released batch n - kBatchesInFlight, whose
// window buffer the fill of batch n reuses.
class BatchQueue {
public:
    BatchQueue() : slots_(kBatchesInFlight) {}

    // Parser side. The batch to fill next, once the builder has released the one that used it before.
    EventBatch *acquire()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return stopped_ || produced_ - consumed_ < kBatchesInFlight; });
        if (stopped_)
            return nullptr;
        EventBatch &b = slots_[produced_ % slots_.size()];
        b.clear();
        return &b;
    }
    void publish()
    {
        std::lock_guard lock(mutex_);
        ++produced_;
        changed_.notify_all();
    }
    // The parser is done: `error` is what stopped it early (nullptr at the end of the events).
    void finish(std::exception_ptr error)
    {
        std::lock_guard lock(mutex_);
        finished_ = true;
        error_ = std::move(error);
        changed_.notify_all();
    }
    // Parser side: true when the builder gave up (an error or a cancel), so parsing should stop.
    bool stopped()
    {
        std::lock_guard lock(mutex_);
        return stopped_;
    }

    // Builder side. The next batch in order, or nullptr when the parser finished and all were taken.
    const EventBatch *next()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return finished_ || produced_ > consumed_; });
        if (produced_ > consumed_)
            return &slots_[consumed_ % slots_.size()];
        return nullptr;
    }
    void release()
    {
        std::lock_guard lock(mutex_);
        ++consumed_;
        changed_.notify_all();
    }
    void stop()
    {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        changed_.notify_all();
    }
    std::exception_ptr error() const { return error_; } // after the parser thread has ended

private:
    std::vector<EventBatch> slots_;
    std::mutex mutex_;
    std::condition_variable changed_;
    uint64_t produced_ = 0, consumed_ = 0;
    bool finished_ = false, stopped_ = false;
    std::exception_ptr error_;
};

// ---- Import --------------------------------------------------------------------------------------

class TraceReader {
public:
    TraceReader(const std::string &path, const Progress &progress, const KinetoReadOptions &options)
        : path_(path), progress_(progress), reader_(path),
          parallel_(useTwoThreads(options, reader_.gzip() ? reader_.fileSize() * 10 : reader_.fileSize())),
          window_(reader_, chunkBytes(options, parallel_), kMaxValueBytes, parallel_ ? kBatchesInFlight : 1),
          builder_(profile_)
    {
        profile_.source_format = "kineto-json";
        profile_.source_path = path;
        reserveForSize(reader_.gzip() ? reader_.fileSize() * 10 : reader_.fileSize());
    }

    Profile run()
    {
        try {
            pos_ = window_.begin();
            more();
            if (std::memcmp(pos_, "\xEF\xBB\xBF", 3) == 0)
                pos_ += 3;
            const char c = peek();
            if (c == '\0')
                throw FileError(path_, reader_.gzip() ? "the gzip data holds no text" : "the file is empty");
            if (c == '[') {
                bareArray_ = true;
                readEvents();
            } else if (c == '{') {
                readObject();
            } else {
                throw FileError(path_, std::string("not a torch.profiler trace: ") +
                                           (reader_.gzip() ? "the gzip data is not JSON text" : "not JSON text") +
                                           " (expected '{' or '[' at the start)");
            }
        } catch (const SyntaxError &e) {
            throw FileError(path_, "malformed JSON at byte " + std::to_string(e.offset) + ": " + e.message);
        }
        if (truncated_ && builder_.eventCount() == 0)
            throw FileError(path_, "truncated: the file ends before the first complete trace event");
        if (!sawEvents_)
            throw FileError(path_, "no \"traceEvents\" list: not a torch.profiler trace");
        if (truncated_) {
            profile_.warnings.push_back("the file is truncated" +
                                        std::string(reader_.gzipTruncated() ? " (its gzip data ends early)" : "") +
                                        ": it ends at byte " + std::to_string(truncatedAt_) +
                                        (truncatedInEvents_ ? " inside traceEvents" : "") + "; loaded the " +
                                        std::to_string(builder_.eventCount()) + " complete events before that");
        }
        // Which writer: Kineto (current or 2021 categories) or the legacy autograd profiler.
        const char *variant = builder_.sawUntypedEvents()      ? "autograd"
                              : builder_.sawLegacyCategories() ? "kineto 2021"
                              : bareArray_                     ? "kineto (event array)"
                                                               : "kineto";
        profile_.setMetadata("trace_format", variant);
        profile_.setMetadata("trace_events", std::to_string(builder_.eventCount()));
        builder_.finish(baseTimeNs_, progress_);
        shrink();
        return std::move(profile_);
    }

private:
    Lexer lexer() const
    {
        Lexer lx;
        lx.origin = window_.begin();
        lx.end = window_.end();
        lx.base = window_.offsetOf(window_.begin());
        return lx;
    }

    // Reads more input keeping the bytes from pos_ on. False at the end of the input.
    bool more()
    {
        // The fraction of the file the events built so far came from (before reading the next chunk).
        const double done =
            reader_.fileSize() > 0 ? std::min(1.0, double(reader_.fileBytesRead()) / double(reader_.fileSize())) : 0;
        reserveAhead(done);
        const char *keep = pos_;
        const bool got = window_.more(keep, pos_);
        if (reader_.fileSize() > 0)
            progress_.report(std::min(1.0, double(reader_.fileBytesRead()) / double(reader_.fileSize())),
                             "Reading torch.profiler trace");
        progress_.checkCancel();
        return got;
    }

    void noteTruncation(const char *at, bool inEvents)
    {
        truncated_ = true;
        truncatedInEvents_ = inEvents;
        truncatedAt_ = window_.offsetOf(at);
    }

    // The next non-space byte ('\0' at the end of the input), reading more as needed.
    char peek()
    {
        for (;;) {
            pos_ = Lexer::skipSpace(pos_);
            if (*pos_ != '\0')
                return *pos_;
            if (pos_ < window_.end())
                lexer().fail(pos_, "a NUL byte in the text (binary data?)");
            if (!more())
                return '\0';
        }
    }

    // The end of the value at pos_, reading more until it is complete; nullptr if the input ends first.
    const char *valueEnd()
    {
        for (;;) {
            const Lexer lx = lexer();
            if (const char *end = lx.valueEnd(pos_))
                return end;
            if (!more())
                return nullptr;
        }
    }

    void readObject()
    {
        ++pos_;
        for (;;) {
            char c = peek();
            if (c == '}') {
                ++pos_;
                return;
            }
            if (c == '\0')
                return noteTruncation(pos_, false);
            if (c != '"')
                lexer().fail(pos_, "expected a key in quotes in the top-level object");
            const char *keyEnd = valueEnd();
            if (!keyEnd)
                return noteTruncation(pos_, false);
            std::string key(pos_ + 1, size_t(keyEnd - pos_ - 2));
            if (key.find('\\') != std::string::npos) {
                std::string decoded;
                if (json::unescape(key, decoded))
                    key = decoded;
            }
            pos_ = keyEnd;
            c = peek();
            if (c == '\0')
                return noteTruncation(pos_, false);
            if (c != ':')
                lexer().fail(pos_, "expected ':' after a key");
            ++pos_;
            c = peek();
            if (c == '\0')
                return noteTruncation(pos_, false);
            if (key == "traceEvents" && c == '[') {
                readEvents();
                if (truncated_)
                    return;
            } else {
                const char *end = valueEnd();
                if (!end)
                    return noteTruncation(pos_, false);
                topLevelValue(key, std::string_view(pos_, size_t(end - pos_)));
                pos_ = end;
            }
            c = peek();
            if (c == ',') {
                ++pos_;
                continue;
            }
            if (c == '}') {
                ++pos_;
                return;
            }
            if (c == '\0')
                return noteTruncation(pos_, false);
            lexer().fail(pos_, "expected ',' or '}' in the top-level object");
        }
    }

    static size_t chunkBytes(const KinetoReadOptions &options, bool parallel)
    {
        return options.chunkBytes ? options.chunkBytes : parallel ? kParallelChunkBytes : kSerialChunkBytes;
    }

    static bool useTwoThreads(const KinetoReadOptions &options, uint64_t textBytes)
    {
        if (options.threads == 1)
            return false;
        return options.threads > 1 || (std::thread::hardware_concurrency() > 1 && textBytes >= kParallelMinBytes);
    }

    // The events array at pos_ ('['): the hot loop. On one thread each event is parsed and built in
    // turn; on two, one thread parses the window's fills into batches while this one builds them, in
    // the order of the file (the builder's results are the serial ones by construction).
    void readEvents()
    {
        sawEvents_ = true;
        ++pos_;
        if (!parallel_)
            return scanEvents([&](const kineto::RawEvent &e, uint64_t offset) { builder_.add(e, offset); },
                              [&] { return more(); });
        BatchQueue queue;
        EventBatch *filling = queue.acquire();
        std::thread parser([&] {
            try {
                scanEvents([&](const kineto::RawEvent &e, uint64_t offset) { filling->add(e, offset); },
                           [&] {
                               // Hand over this fill's events; the next fill overwrites the buffer of an
                               // older one, which acquire() waits for the builder to release.
                               filling->fileBytesRead = reader_.fileBytesRead();
                               queue.publish();
                               filling = queue.acquire();
                               if (!filling)
                                   throw Cancelled();
                               const char *keep = pos_;
                               return window_.more(keep, pos_);
                           });
                queue.publish();
                queue.finish(nullptr);
            } catch (...) {
                queue.finish(std::current_exception());
            }
        });
        try {
            kineto::RawEvent event;
            while (const EventBatch *batch = queue.next()) {
                for (size_t i = 0; i < batch->events.size(); ++i) {
                    batch->unpack(i, event);
                    builder_.add(event, batch->events[i].offset);
                }
                if (reader_.fileSize() > 0) {
                    const double done = std::min(1.0, double(batch->fileBytesRead) / double(reader_.fileSize()));
                    reserveAhead(done);
                    progress_.report(done, "Reading torch.profiler trace");
                }
                queue.release();
                progress_.checkCancel();
            }
        } catch (...) {
            queue.stop();
            parser.join();
            throw;
        }
        parser.join();
        if (const std::exception_ptr error = queue.error())
            std::rethrow_exception(error);
    }

    // Parses the events from pos_ to the closing ']' (pos_ ends past it), giving each to `take`;
    // `readMore` reads on when an event runs past the window (false at the end of the input).
    template <class Take, class ReadMore> void scanEvents(Take &&take, ReadMore &&readMore)
    {
        Lexer lx = lexer();
        const char *p = pos_;
        kineto::RawEvent &event = event_;
        for (;;) {
            while (Lexer::isSpace(*p) || *p == ',')
                ++p;
            if (*p == '{') {
                if (const char *end = kineto::parseEvent(lx, p, event)) {
                    take(event, lx.offsetOf(p));
                    p = end;
                    continue;
                }
            } else if (*p == ']') {
                pos_ = p + 1;
                return;
            } else if (*p != '\0') {
                lx.fail(p, "an element of traceEvents is not an event object");
            } else if (p < lx.end) {
                lx.fail(p, "a NUL byte in the text (binary data?)");
            }
            // The next event (or the separator) runs past the window: read on and parse it again.
            pos_ = p;
            if (!readMore())
                return noteTruncation(window_.end(), true);
            p = pos_;
            lx = lexer();
        }
    }

    void topLevelValue(const std::string &key, std::string_view raw)
    {
        if (key == "baseTimeNanoseconds") {
            std::string_view digits = raw;
            if (digits.size() >= 2 && digits.front() == '"')
                digits = digits.substr(1, digits.size() - 2);
            if (!json::decimalToInt(digits, 0, baseTimeNs_))
                throw FileError(path_, "baseTimeNanoseconds is not an integer number of nanoseconds: " +
                                           std::string(raw.substr(0, 40)));
        }
        // Every trace in the fixtures (torch 2.x, 2023-2026) has schemaVersion 1; a newer one may mean fields
        // we misread.
        if (int64_t version = 0; key == "schemaVersion" && json::decimalToInt(raw, 0, version) && version > 1)
            profile_.warnings.push_back("schemaVersion " + std::to_string(version) +
                                        " is newer than the torch.profiler traces OpScope knows (1): read as "
                                        "version 1; fields that version does not have are ignored");
        const char first = raw.empty() ? '\0' : raw.front();
        if (first != '{' && first != '[') {
            // Scalars (versions, flags, trace_id, traceName...) become metadata as written.
            if (first == '"') {
                std::string text;
                json::unescape(raw.substr(1, raw.size() - 2), text);
                profile_.setMetadata(key, text);
            } else {
                profile_.setMetadata(key, raw);
            }
            return;
        }
        if (key != "deviceProperties" && key != "computeProperties" && key != "distributedInfo")
            return; // logs (INFO, WARNING) and user objects: not part of the model
        nlohmann::json value;
        try {
            value = nlohmann::json::parse(raw.begin(), raw.end());
        } catch (const nlohmann::json::exception &) {
            profile_.warnings.push_back("could not read \"" + key + "\": malformed JSON");
            return;
        }
        if (key == "distributedInfo")
            readDistributedInfo(value);
        else
            readDevices(value);
    }

    void readDevices(const nlohmann::json &list)
    {
        if (!list.is_array())
            return;
        for (const auto &entry : list) {
            if (!entry.is_object())
                continue;
            Device d;
            d.id = int32_t(profile_.devices.size());
            for (const auto &[name, value] : entry.items()) {
                if (name == "id" && value.is_number_integer())
                    d.id = value.get<int32_t>();
                else if (name == "name" && value.is_string())
                    d.name = profile_.intern(value.get<std::string>());
                else
                    d.properties.emplace_back(name, textOfScalar(value));
            }
            profile_.devices.push_back(std::move(d));
        }
    }

    void readDistributedInfo(const nlohmann::json &info)
    {
        if (!info.is_object())
            return;
        for (const auto &[name, value] : info.items())
            profile_.setMetadata(name, textOfScalar(value)); // rank, world_size, backend, pg_config...
    }

    // Room for what a trace of this size usually holds (a training trace with shapes has ~320 bytes of
    // JSON per event, half of them cpu ops), so that the big vectors rarely grow by copying; on the
    // low side on purpose: vectors still grow when a trace holds more.
    void reserveForSize(uint64_t textBytes)
    {
        profile_.operators.reserve(size_t(textBytes / 700));
        profile_.api_calls.reserve(size_t(textBytes / 3500));
        profile_.kernels.reserve(size_t(textBytes / 4500));
    }

    // Room for what the rest of the file will hold at the rate seen so far (`done`: the fraction of the
    // file read), once after the first few percent and again whenever a vector is about to fill up,
    // instead of doubling: doubling a vector of a million operators copies it and faults in twice its
    // pages, and the slack then costs another copy to shrink (a third of a 1 GB import's page faults).
    void reserveAhead(double done)
    {
        if (done <= 0 || done >= 1)
            return;
        const bool calibrate = !calibrated_ && done >= kCalibrateAt;
        calibrated_ = calibrated_ || calibrate;
        reserveAhead(profile_.operators, done, calibrate);
        reserveAhead(profile_.kernels, done, calibrate);
        reserveAhead(profile_.api_calls, done, calibrate);
        reserveAhead(profile_.ranges, done, calibrate);
    }

    template <class T> static void reserveAhead(std::vector<T> &v, double done, bool calibrate)
    {
        const size_t expected = size_t(double(v.size()) / done * 1.04) + 1024;
        if (calibrate && !v.empty() && expected > v.capacity())
            v.reserve(expected);
        else if (!v.empty() && v.size() >= v.capacity() - v.capacity() / 8) // nearly full: the file is denser
            v.reserve(std::max(expected, v.capacity() + v.capacity() / 4));
    }

    template <class T> static void shrink(std::vector<T> &v)
    {
        if (v.capacity() - v.size() > v.size() / 16) // a little slack is cheaper than a copy
            v.shrink_to_fit();
    }

    void shrink()
    {
        shrink(profile_.operators);
        shrink(profile_.kernels);
        shrink(profile_.ranges);
        shrink(profile_.memory_ops);
        shrink(profile_.api_calls);
        shrink(profile_.syncs);
        shrink(profile_.memory_samples);
        shrink(profile_.operator_links);
        shrink(profile_.threads);
    }

    std::string path_;
    const Progress &progress_;
    json::ChunkReader reader_;
    bool parallel_;
    json::Window window_;
    const char *pos_ = nullptr;
    Profile profile_;
    kineto::Builder builder_;
    kineto::RawEvent event_;
    int64_t baseTimeNs_ = 0;
    bool sawEvents_ = false;
    bool truncated_ = false;
    bool truncatedInEvents_ = false;
    uint64_t truncatedAt_ = 0;
    bool bareArray_ = false;
    bool calibrated_ = false; // reserveAhead() has sized the vectors from the first part of the file
    static constexpr double kCalibrateAt = 0.03;
};

} // namespace

bool detectKinetoJson(const FileProbe &probe)
{
    if (probe.directory || probe.head.empty())
        return false;
    return HeadScan(probe.head).looksLikeKineto();
}

Profile importKinetoJson(const std::string &path, const Progress &progress)
{
    return importKinetoJsonWith(path, progress, KinetoReadOptions{});
}

Profile importKinetoJsonWith(const std::string &path, const Progress &progress, const KinetoReadOptions &options)
{
    progress.report(0.0, "Reading torch.profiler trace");
    return TraceReader(path, progress, options).run();
}

} // namespace opscope::importers
