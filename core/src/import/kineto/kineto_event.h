#pragma once
// One trace event object of a torch.profiler (Kineto) or Chrome-trace JSON file, as raw views into the
// input: only the fields the importer uses are picked out (numbers as their text, so that times can be
// converted to nanoseconds exactly); everything else is skipped without being decoded.

#include "import/common/json_scan.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace opscope::kineto {

enum class TokenKind : uint8_t {
    Bare,      // a number or a literal (true, false, null, NaN...): `text` is the token
    String,    // `text` is the raw contents between the quotes
    Container, // an array or object: `text` is its whole raw text
};

struct Token {
    std::string_view text;
    TokenKind kind = TokenKind::Bare;
    bool escaped = false; // a String with backslash escapes
};

// The fields read from an event. Top-level fields first, then fields of "args".
enum class Field : uint8_t {
    Ph,
    Cat,
    Name,
    Pid,
    Tid,
    Ts,
    Dur,
    Id,
    Scope, // "s" of instants
    // args
    ExternalId,     // "External id", "external id" (2021)
    Correlation,    // "correlation"
    Stream,         // "stream"
    Device,         // "device"
    Bytes,          // "bytes" (memcpy, memset)
    SequenceNumber, // "Sequence number"
    InputDims,      // "Input Dims"
    Grid,           // "grid"
    Block,          // "block"
    Registers,      // "registers per thread"
    SharedMemory,   // "shared memory"
    Queued,         // "queued"
    BlocksPerSm,    // "blocks per SM"
    WarpsPerSm,     // "warps per SM"
    Occupancy,      // "est. achieved occupancy %"
    AllocBytes,     // "Bytes" ([memory] instants)
    TotalAllocated, // "Total Allocated"
    TotalReserved,  // "Total Reserved"
    Addr,           // "Addr" ([memory] instants)
    DeviceId,       // "Device Id"
    DeviceType,     // "Device Type"
    ArgName,        // "name" (metadata events)
    SyncKind,       // "cuda_sync_kind"
    // collectives (record_param_comms cpu_ops and NCCL kernels, torch >= 2.1): see docs/ranks.md
    CollectiveName,   // "Collective name"
    InMsgNelems,      // "In msg nelems"
    OutMsgNelems,     // "Out msg nelems"
    Dtype,            // "dtype"
    GroupSize,        // "Group size"
    ProcessGroupName, // "Process Group Name"
    CollectiveSeq,    // "Seq": NCCL's sequence number in its process group (torch >= 2.5)
    // the whole "args" object, kept only for events of category cuda_profiler_range (CUPTI's range
    // profiler: the counters are its members, named by metric)
    Args,
    Count
};

struct RawEvent {
    std::array<Token, size_t(Field::Count)> tokens;
    uint64_t present = 0;
    const char *begin = nullptr; // the event's first byte, for messages

    bool has(Field f) const { return (present >> unsigned(f)) & 1; }
    const Token *get(Field f) const { return has(f) ? &tokens[size_t(f)] : nullptr; }
    std::string_view text(Field f) const { return has(f) ? tokens[size_t(f)].text : std::string_view(); }
    void set(Field f, const Token &t)
    {
        tokens[size_t(f)] = t;
        present |= uint64_t(1) << unsigned(f);
    }
};

// Parses the event object at p ('{'). Returns the byte after its closing brace, or nullptr when the
// object runs past the lexer's end (more input needed). Throws json::SyntaxError on malformed JSON.
const char *parseEvent(const json::Lexer &lexer, const char *p, RawEvent &event);

} // namespace opscope::kineto
