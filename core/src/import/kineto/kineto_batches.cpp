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

PartParser::PartParser() : thread_([this] { run(); }) {}

PartParser::~PartParser()
{
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !busy_; });
        quit_ = true;
        changed_.notify_all();
    }
    thread_.join();
}

void PartParser::start(const json::Lexer &lx, const char *from, EventBatch &into)
{
    std::lock_guard lock(mutex_);
    lexer_ = lx;
    from_ = from;
    into_ = &into;
    busy_ = true;
    changed_.notify_all();
}

PartParser::Result PartParser::finish()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !busy_; });
    return result_;
}

double PartParser::cpuSeconds()
{
    std::lock_guard lock(mutex_);
    return cpuSeconds_;
}

void PartParser::run()
{
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return busy_ || quit_; });
            if (quit_)
                return;
        }
        Result result;
        try {
            result.stop = scanFill(
                lexer_, from_, nullptr, event_, [&](const RawEvent &e, uint64_t offset) { into_->add(e, offset); },
                result.kind);
            result.ok = true;
        } catch (...) {
            into_->clear(); // a wrong guess, or malformed input that the reading thread will meet itself
        }
        std::lock_guard lock(mutex_);
        result_ = result;
        cpuSeconds_ = threadCpuSeconds();
        busy_ = false;
        changed_.notify_all();
    }
}

// ---- BatchQueue ----------------------------------------------------------------------------------

FillBatch *BatchQueue::acquire()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stopped_ || produced_ - consumed_ < slots_.size(); });
    if (stopped_)
        return nullptr;
    FillBatch &b = slots_[produced_ % slots_.size()];
    b.parts[0].clear();
    b.parts[1].clear();
    return &b;
}

void BatchQueue::publish()
{
    std::lock_guard lock(mutex_);
    ++produced_;
    changed_.notify_all();
}

void BatchQueue::finish(std::exception_ptr error)
{
    std::lock_guard lock(mutex_);
    finished_ = true;
    error_ = std::move(error);
    changed_.notify_all();
}

const FillBatch *BatchQueue::next()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return finished_ || produced_ > consumed_; });
    if (produced_ > consumed_)
        return &slots_[consumed_ % slots_.size()];
    return nullptr;
}

void BatchQueue::release()
{
    std::lock_guard lock(mutex_);
    ++consumed_;
    changed_.notify_all();
}

void BatchQueue::stop()
{
    std::lock_guard lock(mutex_);
    stopped_ = true;
    changed_.notify_all();
}

} // namespace opscope::kineto
