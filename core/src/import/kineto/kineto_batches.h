#pragma once
// The torch.profiler reader's threads (kineto_json.cpp): the window's fills are parsed into packed
// batches of events on parsing threads and built into the profile, in file order, on the calling thread.
// A fill's text is parsed on two threads at once: the second parses from a guessed event start in its
// middle, and its events are kept only when the first thread's own parse arrives exactly there (so the
// result is the serial one whatever the guess).

#include "import/common/json_scan.h"
#include "import/kineto/kineto_event.h"

#include "opscope/concurrency/channel.h"
#include "opscope/concurrency/worker.h"

#include <cstdint>
#include <exception>
#include <vector>

namespace opscope::kineto {

// The calling thread's CPU time, for the benchmark's figures.
double threadCpuSeconds();

// The events parsed from part of one fill of the window, packed: the fields each event has (views into
// the window's buffer of that fill, which the window leaves untouched until the batch is released).
struct EventBatch {
    struct Packed {
        const char *text;
        uint32_t size;
        Field field;
        TokenKind kind;
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

    void clear()
    {
        events.clear();
        tokens.clear();
    }
    void add(const RawEvent &e, uint64_t offset);
    // Event i back into `e` (only the fields it has are written: has() reads `present`).
    void unpack(size_t i, RawEvent &e) const;
};

// One fill's events: the part the reading thread parsed, then the part a second parsing thread did.
struct FillBatch {
    EventBatch parts[2];
    uint64_t fileBytesRead = 0; // for progress
};

// Where a scan of a fill's events stopped.
enum class ScanStop {
    Incomplete, // at the start of an event (or separator) that runs past the window: more input needed
    ArrayEnd,   // at the ']' closing the events
    Limit,      // at the first event that starts at or after the given limit
};

// Parses the events from p on, giving each to `take(event, offset)`, until one of the ScanStop cases;
// returns where it stopped. Throws json::SyntaxError on anything but event objects.
template <class Take>
const char *scanFill(const json::Lexer &lx, const char *p, const char *limit, RawEvent &event, Take &&take,
                     ScanStop &stop)
{
    for (;;) {
        while (json::Lexer::isSpace(*p) || *p == ',')
            ++p;
        if (*p == '{') {
            if (limit && p >= limit) {
                stop = ScanStop::Limit;
                return p;
            }
            const char *end = parseEvent(lx, p, event);
            if (!end) {
                stop = ScanStop::Incomplete;
                return p;
            }
            take(event, lx.offsetOf(p));
            p = end;
            continue;
        }
        if (*p == ']') {
            stop = ScanStop::ArrayEnd;
            return p;
        }
        if (*p != '\0')
            lx.fail(p, "an element of traceEvents is not an event object");
        if (p < lx.end)
            lx.fail(p, "a NUL byte in the text (binary data?)");
        stop = ScanStop::Incomplete;
        return p;
    }
}

// A likely event start in the second half of [from, end): a '{' after "}," (spaces between allowed), as
// between two events of an array. Only a guess: the same bytes may sit inside a string. nullptr if none.
const char *guessEventStart(const char *from, const char *end);

// A second parsing thread for the part of a fill after a guessed event start. start() hands it the part,
// finish() waits for its result; the destructor waits for a part in progress and ends the thread.
class PartParser {
public:
    struct Result {
        const char *stop = nullptr;
        ScanStop kind = ScanStop::Incomplete;
        bool ok = false; // false: the part did not parse (a wrong guess, or an error the reader will meet)
    };

    void start(const json::Lexer &lx, const char *from, EventBatch &into);
    Result finish();
    double cpuSeconds() const { return cpuSeconds_; } // the thread's CPU time so far (after finish())

private:
    Result result_;         // written by the worker's job, read after worker_.wait()
    double cpuSeconds_ = 0; // likewise
    RawEvent event_;
    concurrency::Worker worker_; // last: its job ends before the rest goes
};

// Fills' batches from the parsing thread to the building one, in order, and the emptied ones back: a
// fixed set of slots goes round through two channels, so the parser fills batch n only once the builder
// has released batch n - slots, whose window buffer the fill of batch n reuses.
class BatchQueue {
public:
    explicit BatchQueue(size_t slots);

    // Parser side. The batch to fill next, once the builder has released the one that used it before;
    // nullptr when the builder stopped.
    FillBatch *acquire();
    void publish();
    // The parser is done: `error` is what stopped it early (nullptr at the end of the events).
    void finish(std::exception_ptr error) { filled_.close(std::move(error)); }

    // Builder side. The next batch in order, or nullptr when the parser finished and all were taken.
    const FillBatch *next();
    void release();
    void stop(); // the builder gave up (an error or a cancel): acquire() returns nullptr from now on
    std::exception_ptr error() { return filled_.error(); } // after the parser thread has ended

private:
    std::vector<FillBatch> slots_;
    concurrency::Channel<FillBatch *> empty_, filled_;
    FillBatch *filling_ = nullptr, *building_ = nullptr;
};

} // namespace opscope::kineto
