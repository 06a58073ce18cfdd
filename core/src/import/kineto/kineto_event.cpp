// Why a hand-written scanner rather than simdjson's On-Demand API (Debian's libsimdjson-dev): on the same
// 1 GB trace, picking out the same fields of every event, this scanner parses at 1,350 MB/s of CPU time
// and On-Demand (3.0.1, compiled for AVX2) at 810 MB/s (bench/bench_kineto_parse, docs/performance.md):
// most of an event's bytes are values the importer skips, which this scanner passes 16 bytes at a time
// without classifying every structural character first. On-Demand also wants the whole document in
// memory, padded, and a trace of a gigabyte would then cost a gigabyte of RSS; the scanner works on the
// streaming window (8 MiB fills), plain or gzip.
#include "import/kineto/kineto_event.h"

#include <string>

namespace opscope::kineto {

namespace {

constexpr int kUnused = -1;
constexpr int kArgs = -2;

int field(Field f)
{
    return int(f);
}

// The field an event key names (kArgs for "args"); kUnused for keys the importer does not read.
int topLevelField(std::string_view key)
{
    switch (key.size()) {
    case 1:
        return key[0] == 's' ? field(Field::Scope) : kUnused;
    case 2:
        if (key == "ph")
            return field(Field::Ph);
        if (key == "ts")
            return field(Field::Ts);
        if (key == "id")
            return field(Field::Id);
        return kUnused;
    case 3:
        if (key == "cat")
            return field(Field::Cat);
        if (key == "pid")
            return field(Field::Pid);
        if (key == "tid")
            return field(Field::Tid);
        if (key == "dur")
            return field(Field::Dur);
        return kUnused;
    case 4:
        if (key == "Addr")
            return field(Field::Addr);
        if (key == "name")
            return field(Field::Name);
        if (key == "args")
            return kArgs;
        return kUnused;
    default:
        return kUnused;
    }
}

int argField(std::string_view key)
{
    switch (key.size()) {
    case 3:
        return key == "Seq" ? field(Field::CollectiveSeq) : kUnused;
    case 4:
        if (key == "Addr")
            return field(Field::Addr);
        if (key == "name")
            return field(Field::ArgName);
        if (key == "grid")
            return field(Field::Grid);
        return kUnused;
    case 5:
        if (key == "block")
            return field(Field::Block);
        if (key == "bytes")
            return field(Field::Bytes);
        if (key == "dtype")
            return field(Field::Dtype);
        if (key == "Bytes")
            return field(Field::AllocBytes);
        return kUnused;
    case 6:
        if (key == "stream")
            return field(Field::Stream);
        if (key == "device")
            return field(Field::Device);
        if (key == "queued")
            return field(Field::Queued);
        return kUnused;
    case 9:
        return key == "Device Id" ? field(Field::DeviceId) : kUnused;
    case 10:
        if (key == "Group size")
            return field(Field::GroupSize);
        return key == "Input Dims" ? field(Field::InputDims) : kUnused;
    case 11:
        if (key == "External id" || key == "external id")
            return field(Field::ExternalId);
        if (key == "correlation")
            return field(Field::Correlation);
        if (key == "Device Type")
            return field(Field::DeviceType);
        return kUnused;
    case 12:
        return key == "warps per SM" ? field(Field::WarpsPerSm) : kUnused;
    case 13:
        if (key == "In msg nelems")
            return field(Field::InMsgNelems);
        if (key == "shared memory")
            return field(Field::SharedMemory);
        if (key == "blocks per SM")
            return field(Field::BlocksPerSm);
        return kUnused;
    case 14:
        if (key == "Total Reserved")
            return field(Field::TotalReserved);
        if (key == "Out msg nelems")
            return field(Field::OutMsgNelems);
        return key == "cuda_sync_kind" ? field(Field::SyncKind) : kUnused;
    case 15:
        if (key == "Sequence number")
            return field(Field::SequenceNumber);
        if (key == "Total Allocated")
            return field(Field::TotalAllocated);
        if (key == "Collective name")
            return field(Field::CollectiveName);
        return kUnused;
    case 18:
        return key == "Process Group Name" ? field(Field::ProcessGroupName) : kUnused;
    case 20:
        return key == "registers per thread" ? field(Field::Registers) : kUnused;
    case 25:
        return key == "est. achieved occupancy %" ? field(Field::Occupancy) : kUnused;
    default:
        return kUnused;
    }
}

const char *parseMembers(const json::Lexer &lx, const char *p, RawEvent &event, bool inArgs)
{
    using json::Lexer;
    p = Lexer::skipSpace(p + 1);
    if (*p == '}')
        return p + 1;
    for (;;) {
        if (*p != '"') {
            if (*p == '\0')
                return lx.atNul(p);
            lx.fail(p, "expected a key in quotes");
        }
        bool escapedKey = false;
        const char *keyEnd = lx.stringEnd(p + 1, escapedKey);
        if (!keyEnd)
            return nullptr;
        std::string_view key(p + 1, size_t(keyEnd - p - 1));
        std::string decodedKey; // only for keys with escapes, which Kineto never writes
        if (escapedKey && json::unescape(key, decodedKey))
            key = decodedKey;
        p = Lexer::skipSpace(keyEnd + 1);
        if (*p != ':') {
            if (*p == '\0')
                return lx.atNul(p);
            lx.fail(p, "expected ':' after a key");
        }
        p = Lexer::skipSpace(p + 1);
        const int target = inArgs ? argField(key) : topLevelField(key);
        if (target == kArgs && *p == '{') {
            const char *args = p;
            p = parseMembers(lx, p, event, true);
            if (!p)
                return nullptr;
            // CUPTI range-profiler kernels carry their counters as the args' members (Kineto writes
            // "cat" before "args"): keep the object's text for the builder; other events skip this.
            if (event.text(Field::Cat) == "cuda_profiler_range")
                event.set(Field::Args, {std::string_view(args, size_t(p - args)), TokenKind::Container});
        } else {
            Token token;
            const char *valueEnd = nullptr;
            switch (*p) {
            case '"': {
                const char *close = lx.stringEnd(p + 1, token.escaped);
                if (!close)
                    return nullptr;
                token.text = std::string_view(p + 1, size_t(close - p - 1));
                token.kind = TokenKind::String;
                valueEnd = close + 1;
                break;
            }
            case '{':
            case '[':
                valueEnd = lx.containerEnd(p);
                if (!valueEnd)
                    return nullptr;
                token.text = std::string_view(p, size_t(valueEnd - p));
                token.kind = TokenKind::Container;
                break;
            case '\0':
                return lx.atNul(p);
            case ',':
            case '}':
            case ']':
            case ':':
                lx.fail(p, "expected a value");
            default:
                valueEnd = lx.bareEnd(p);
                if (!valueEnd)
                    return nullptr;
                if (valueEnd == p)
                    lx.fail(p, "expected a value");
                token.text = std::string_view(p, size_t(valueEnd - p));
                break;
            }
            if (target >= 0)
                event.set(Field(target), token);
            p = valueEnd;
        }
        p = Lexer::skipSpace(p);
        if (*p == ',') {
            p = Lexer::skipSpace(p + 1);
            continue;
        }
        if (*p == '}')
            return p + 1;
        if (*p == '\0')
            return lx.atNul(p);
        lx.fail(p, "expected ',' or '}' in an object");
    }
}

} // namespace

const char *parseEvent(const json::Lexer &lexer, const char *p, RawEvent &event)
{
    event.present = 0;
    event.begin = p;
    return parseMembers(lexer, p, event, false);
}

} // namespace opscope::kineto
