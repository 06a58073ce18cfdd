#include "import/kineto/kineto_batches.h"

#include <bit>
#include <cstring>
#include <ctime>

namespace opscope::kineto {

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

void EventBatch::add(const RawEvent &e, uint64_t offset)
{
    events.push_back({offset, e.present, e.begin, uint32_t(tokens.size())});
    for (uint64_t bits = e.present; bits; bits &= bits - 1) {
        const auto f = Field(std::countr_zero(bits));
        const Token &t = e.tokens[size_t(f)];
        tokens.push_back({t.text.data(), uint32_t(t.text.size()), f, t.kind, t.escaped});
    }
}

void EventBatch::unpack(size_t i, RawEvent &e) const
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

const char *guessEventStart(const char *from, const char *end)
{
    const char *p = from + (end - from) / 2;
    while (p < end) {
        const auto *brace = static_cast<const char *>(std::memchr(p, '{', size_t(end - p)));
        if (!brace)
            return nullptr;
        const char *q = brace;
        while (q > from && json::Lexer::isSpace(q[-1]))
            --q;
        if (q > from && q[-1] == ',') {
            --q;
            while (q > from && json::Lexer::isSpace(q[-1]))
                --q;
            if (q > from && q[-1] == '}')
                return brace;
        }
        p = brace + 1;
    }
    return nullptr;
}

// ---- PartParser ----------------------------------------------------------------------------------

void PartParser::start(const json::Lexer &lx, const char *from, EventBatch &into)
{
    worker_.post([this, lx, from, &into] {
        Result result;
        try {
            result.stop = scanFill(
                lx, from, nullptr, event_, [&](const RawEvent &e, uint64_t offset) { into.add(e, offset); },
                result.kind);
            result.ok = true;
        } catch (...) {
            into.clear(); // a wrong guess, or malformed input that the reading thread will meet itself
        }
        result_ = result;
        cpuSeconds_ = threadCpuSeconds();
    });
}

PartParser::Result PartParser::finish()
{
    worker_.wait();
    return result_;
}

// ---- BatchQueue ----------------------------------------------------------------------------------

BatchQueue::BatchQueue(size_t slots) : slots_(slots), empty_(slots), filled_(slots)
{
    for (FillBatch &slot : slots_)
        empty_.push(&slot);
}

FillBatch *BatchQueue::acquire()
{
    const std::optional<FillBatch *> slot = empty_.pop();
    filling_ = slot ? *slot : nullptr;
    if (filling_) {
        filling_->parts[0].clear();
        filling_->parts[1].clear();
    }
    return filling_;
}

void BatchQueue::publish()
{
    filled_.push(filling_);
}

const FillBatch *BatchQueue::next()
{
    const std::optional<FillBatch *> slot = filled_.pop();
    building_ = slot ? *slot : nullptr;
    return building_;
}

void BatchQueue::release()
{
    empty_.push(building_);
}

void BatchQueue::stop()
{
    empty_.cancel();
    filled_.cancel();
}

} // namespace opscope::kineto
