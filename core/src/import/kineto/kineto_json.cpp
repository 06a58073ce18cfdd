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
#include <vector>

namespace opscope::importers {

namespace {

using json::Lexer;
using json::SyntaxError;

constexpr size_t kChunkBytes = size_t(8) << 20;
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
    TraceReader(const std::string &path, const Progress &progress)
        : path_(path), progress_(progress), reader_(path), window_(reader_, kChunkBytes, kMaxValueBytes),
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

    // The events array at pos_ ('['): the hot loop.
    void readEvents()
    {
        sawEvents_ = true;
        ++pos_;
        Lexer lx = lexer();
        const char *p = pos_;
        for (;;) {
            while (Lexer::isSpace(*p) || *p == ',')
                ++p;
            if (*p == '{') {
                if (const char *end = kineto::parseEvent(lx, p, event_)) {
                    builder_.add(event_, lx.offsetOf(p));
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
            if (!more())
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
    progress.report(0.0, "Reading torch.profiler trace");
    return TraceReader(path, progress).run();
}

} // namespace opscope::importers
