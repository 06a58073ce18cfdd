// torch.profiler (Kineto) trace import: Chrome-trace JSON, plain or gzipped, in its current form (an
// object with "traceEvents", times in µs relative to baseTimeNanoseconds), the 2023 and 2021 forms
// (integer epoch µs; categories Operator/Runtime/Kernel), ROCm traces, and the legacy autograd
// profiler's bare array (CPU-only torch). Traces reach a gigabyte: the file is streamed in chunks and
// each event object is picked apart in place (kineto_event.cpp); only small top-level values such as
// deviceProperties are parsed as JSON documents.
#include "import/common/json_scan.h"
#include "import/importers.h"
#include "import/kineto/kineto_batches.h"
#include "import/kineto/kineto_builder.h"
#include "import/kineto/kineto_event.h"
#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/fresh_memory.h"
#include "opscope/concurrency/worker.h"
#include "opscope/format_ids.h"

#include "opscope/errors.h"
#include "opscope/json_input.h"
#include "opscope/metadata_keys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

namespace opscope::importers {

namespace {

using json::Lexer;
using json::SyntaxError;

// Bytes per fill of the window. On one thread big fills keep the read calls few. On several, each fill
// is parsed on one or two cores and built on another: fills of 1 MiB are still in the shared cache when the
// building thread reads their names and numbers, where 8 MiB fills cost 30% more CPU time in all
// (1 GB trace, bench_kineto_import; docs/performance.md).
constexpr size_t kSerialChunkBytes = size_t(8) << 20;
constexpr size_t kParallelChunkBytes = size_t(1) << 20;

// Below this much text more threads cost more than they save.
constexpr uint64_t kParallelMinBytes = uint64_t(16) << 20;
// Fills of the window in flight between the parsing threads and the building one: the batch being built
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

// ---- Import --------------------------------------------------------------------------------------

class TraceReader {
public:
    TraceReader(const std::string &path, const Progress &progress, const KinetoReadOptions &options)
        : path_(path), progress_(progress), reader_(path),
          threads_(threadsFor(options, reader_.gzip() ? reader_.fileSize() * 10 : reader_.fileSize())),
          statsOut_(options.stats),
          window_(reader_, chunkBytes(options, threads_), kMaxValueBytes, threads_ > 1 ? kBatchesInFlight : 1),
          builder_(profile_)
    {
        profile_.source_format = format_id::kKinetoJson;
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
        profile_.setMetadata(kTraceFormatKey, variant);
        profile_.setMetadata(kTraceEventsKey, std::to_string(builder_.eventCount()));
        const auto linkStart = std::chrono::steady_clock::now();
        if (toucher_) {
            // The big vectors' exact-size copies get their pages while the events are linked.
            toucher_->stop();
            prepareShrink(operatorsCopy_, profile_.operators, 0);
            prepareShrink(kernelsCopy_, profile_.kernels, 1);
            prepareShrink(apiCallsCopy_, profile_.api_calls, 2);
            prepareShrink(rangesCopy_, profile_.ranges, 3);
        }
        builder_.finish(baseTimeNs_, progress_);
        if (toucher_) {
            toucher_.reset();
            operatorsCopy_.finish(profile_.operators);
            kernelsCopy_.finish(profile_.kernels);
            apiCallsCopy_.finish(profile_.api_calls);
            rangesCopy_.finish(profile_.ranges);
        }
        shrink();
        stats_.linkSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - linkStart).count();
        if (statsOut_)
            *statsOut_ = stats_;
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

    static size_t chunkBytes(const KinetoReadOptions &options, unsigned threads)
    {
        return options.chunkBytes ? options.chunkBytes : threads > 1 ? kParallelChunkBytes : kSerialChunkBytes;
    }

    // 1: parse and build on the calling thread; 2: a parsing thread too; 3: each fill parsed on two.
    static unsigned threadsFor(const KinetoReadOptions &options, uint64_t textBytes)
    {
        if (options.threads)
            return std::min(options.threads, 3u);
        return concurrency::usableCores() > 1 && textBytes >= kParallelMinBytes ? 3 : 1;
    }

    // The events array at pos_ ('['): the hot loop. On one thread each event is parsed and built in
    // turn; on more, the parsing thread (with a second one for the back part of each fill) parses the
    // window's fills into batches while this one builds them, in the order of the file: the builder's
    // results are the serial ones by construction.
    void readEvents()
    {
        sawEvents_ = true;
        ++pos_;
        if (threads_ == 1)
            return scanEvents([&](const kineto::RawEvent &e, uint64_t offset) { builder_.add(e, offset); },
                              [&] { return more(); }, nullptr,
                              [] { return static_cast<kineto::EventBatch *>(nullptr); });
        // Faults in the profile's pages ahead of this thread (a third of its time otherwise).
        if (threads_ > 2 && fresh::touchAheadPays())
            toucher_.emplace();
        kineto::BatchQueue queue(kBatchesInFlight);
        kineto::FillBatch *filling = queue.acquire();
        concurrency::Worker parser;
        parser.post([&] {
            try {
                std::optional<kineto::PartParser> second;
                if (threads_ > 2)
                    second.emplace();
                scanEvents([&](const kineto::RawEvent &e, uint64_t offset) { filling->parts[0].add(e, offset); },
                           [&] {
                               // Hand over this fill's events; the next fill overwrites the buffer of an older
                               // one, which acquire() waits for the builder to release.
                               filling->fileBytesRead = reader_.fileBytesRead();
                               queue.publish();
                               filling = queue.acquire();
                               if (!filling)
                                   throw Cancelled();
                               const char *keep = pos_;
                               return window_.more(keep, pos_);
                           },
                           second ? &*second : nullptr, [&] { return &filling->parts[1]; });
                stats_.readingThreadCpuS = kineto::threadCpuSeconds();
                stats_.secondThreadCpuS = second ? second->cpuSeconds() : 0;
                queue.publish();
                queue.finish(nullptr);
            } catch (...) {
                queue.finish(std::current_exception());
            }
        });
        try {
            kineto::RawEvent event;
            double done = 0;
            while (const kineto::FillBatch *batch = queue.next()) {
                reserveAhead(done, batch->parts[0].events.size() + batch->parts[1].events.size(),
                             toucher_ ? &*toucher_ : nullptr);
                for (const kineto::EventBatch &part : batch->parts)
                    for (size_t i = 0; i < part.events.size(); ++i) {
                        part.unpack(i, event);
                        builder_.add(event, part.events[i].offset);
                    }
                if (reader_.fileSize() > 0) {
                    done = std::min(1.0, double(batch->fileBytesRead) / double(reader_.fileSize()));
                    progress_.report(done, "Reading torch.profiler trace");
                }
                queue.release();
                progress_.checkCancel();
            }
        } catch (...) {
            queue.stop();
            parser.wait();
            throw;
        }
        parser.wait();
        if (const std::exception_ptr error = queue.error())
            std::rethrow_exception(error);
    }

    // Parses the events from pos_ to the closing ']' (pos_ ends past it), giving each to `take`;
    // `readMore` reads on when an event runs past the window (false at the end of the input). With
    // `second`, the back part of each fill is parsed on that thread into `secondBatch()` from a guessed
    // event start, and kept when this thread's parse of the front part ends exactly there; otherwise
    // this thread parses on through the back part itself.
    void scanEvents(auto &&take, auto &&readMore, kineto::PartParser *second, auto &&secondBatch)
    {
        Lexer lx = lexer();
        const char *p = pos_;
        kineto::RawEvent &event = event_;
        for (;;) {
            const char *split = second ? kineto::guessEventStart(p, lx.end) : nullptr;
            kineto::ScanStop stop;
            if (split) {
                second->start(lx, split, *secondBatch());
                kineto::PartParser::Result back;
                try {
                    p = kineto::scanFill(lx, p, split, event, take, stop);
                    back = second->finish();
                } catch (...) {
                    second->finish(); // its batch and the window's bytes stay put until it is done
                    throw;
                }
                if (stop == kineto::ScanStop::Limit && p == split && back.ok) {
                    p = back.stop;
                    stop = back.kind;
                    ++stats_.splitFills;
                } else {
                    secondBatch()->clear();
                    ++stats_.missedSplits;
                    if (stop == kineto::ScanStop::Limit) // the guess was inside an event: parse on here
                        p = kineto::scanFill(lx, p, nullptr, event, take, stop);
                }
            } else {
                p = kineto::scanFill(lx, p, nullptr, event, take, stop);
            }
            if (stop == kineto::ScanStop::ArrayEnd) {
                pos_ = p + 1;
                return;
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
        size_t tooDeep = 0;
        try {
            value = parseJsonInputSkippingDeep(raw, tooDeep);
        } catch (const nlohmann::json::exception &) {
            profile_.warnings.push_back("could not read \"" + key + "\": malformed JSON");
            return;
        }
        if (tooDeep > 0)
            profile_.warnings.push_back("\"" + key + "\": " + std::to_string(tooDeep) + " values nested deeper than " +
                                        std::to_string(kMaxJsonDepth) + " levels were left out");
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
    // With `incoming` events about to be built, room for them too (each adds at most one element to each
    // of these vectors), so that no vector moves while `toucher` faults in the pages ahead of them.
    void reserveAhead(double done, size_t incoming = 0, fresh::PageToucher *toucher = nullptr)
    {
        const bool calibrate = !calibrated_ && done >= kCalibrateAt && done < 1;
        calibrated_ = calibrated_ || calibrate;
        const size_t wanted[] = {wantedCapacity(profile_.operators, done, calibrate, incoming),
                                 wantedCapacity(profile_.kernels, done, calibrate, incoming),
                                 wantedCapacity(profile_.api_calls, done, calibrate, incoming),
                                 wantedCapacity(profile_.ranges, done, calibrate, incoming)};
        if (!std::all_of(std::begin(wanted), std::end(wanted), [](size_t w) { return w == 0; })) {
            if (toucher)
                toucher->stop(); // before the vectors move
            reserve(profile_.operators, wanted[0]);
            reserve(profile_.kernels, wanted[1]);
            reserve(profile_.api_calls, wanted[2]);
            reserve(profile_.ranges, wanted[3]);
        }
        if (toucher) {
            // A few fills ahead of the builder: pages touched early enough, and none far beyond what the
            // vectors will hold (a slack that was never written costs no memory).
            const size_t lead = 4 * incoming;
            fresh::touchFree(*toucher, 0, profile_.operators, lead);
            fresh::touchFree(*toucher, 1, profile_.kernels, lead);
            fresh::touchFree(*toucher, 2, profile_.api_calls, lead);
            fresh::touchFree(*toucher, 3, profile_.ranges, lead);
        }
    }

    // The capacity `v` should grow to, or 0 to leave it.
    template <class T>
    static size_t wantedCapacity(const std::vector<T> &v, double done, bool calibrate, size_t incoming)
    {
        size_t want = 0;
        if (done > 0 && done < 1 && !v.empty()) {
            const size_t expected = size_t(double(v.size()) / done * 1.04) + 1024;
            if (calibrate)
                want = expected;
            else if (v.size() >= v.capacity() - v.capacity() / 8) // nearly full: the file is denser
                want = std::max(expected, v.capacity() + v.capacity() / 4);
        }
        if (v.capacity() - v.size() < incoming)
            want = std::max({want, v.size() + incoming, v.capacity() + v.capacity() / 4});
        return want > v.capacity() ? want : 0;
    }

    template <class T> static void reserve(std::vector<T> &v, size_t capacity)
    {
        if (capacity)
            v.reserve(capacity);
    }

    // A little slack is cheaper than a copy.
    template <class T> static bool worthShrinking(const std::vector<T> &v)
    {
        return v.capacity() - v.size() > v.size() / 16;
    }
    template <class T> static void shrink(std::vector<T> &v)
    {
        if (worthShrinking(v))
            v.shrink_to_fit();
    }
    template <class T> void prepareShrink(fresh::ExactCopy<T> &copy, const std::vector<T> &v, size_t region)
    {
        if (worthShrinking(v))
            copy.prepare(v, *toucher_, region);
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
    unsigned threads_;
    KinetoReadStats stats_;
    KinetoReadStats *statsOut_;
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
    fresh::ExactCopy<Operator> operatorsCopy_;
    fresh::ExactCopy<Kernel> kernelsCopy_;
    fresh::ExactCopy<ApiCall> apiCallsCopy_;
    fresh::ExactCopy<Range> rangesCopy_;
    bool calibrated_ = false; // reserveAhead() has sized the vectors from the first part of the file
    static constexpr double kCalibrateAt = 0.03;
    // On three threads, from the events on and while linking. Last, so that it stops before the memory
    // it touches goes.
    std::optional<fresh::PageToucher> toucher_;
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
