#include "opscope/concurrency/fresh_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

namespace opscope::fresh {

namespace {

const uintptr_t kPage = uintptr_t(sysconf(_SC_PAGESIZE));
constexpr uintptr_t kStep = uintptr_t(256) << 10; // one job of the toucher's worker: stop() waits for one at most

// The one call that asks the kernel for pages: [from, to) whole pages, mapped writable now. False where
// the kernel cannot (before Linux 5.14) or the range is not mapped.
bool populatePages(uintptr_t from, uintptr_t to)
{
    return madvise(reinterpret_cast<void *>(from), to - from, MADV_POPULATE_WRITE) == 0;
}

// Populated, then each page read once (the hypervisor's fault taken by the reader).
void faultInPages(uintptr_t from, uintptr_t to)
{
    if (populatePages(from, to))
        for (uintptr_t page = from; page < to; page += kPage)
            (void)__atomic_load_n(reinterpret_cast<const char *>(page), __ATOMIC_RELAXED);
}

// The whole pages of [data, data + bytes), empty for spans under 1 MiB (not worth a system call).
std::pair<uintptr_t, uintptr_t> wholePages(void *data, size_t bytes)
{
    constexpr size_t kMinBytes = size_t(1) << 20;
    if (bytes < kMinBytes)
        return {0, 0};
    const uintptr_t from = (uintptr_t(data) + kPage - 1) / kPage * kPage;
    const uintptr_t to = (uintptr_t(data) + bytes) / kPage * kPage;
    return to > from ? std::pair(from, to) : std::pair(uintptr_t(0), uintptr_t(0));
}

} // namespace

void populateForWriting(void *data, size_t bytes)
{
    if (const auto [from, to] = wholePages(data, bytes); to > from)
        populatePages(from, to);
}

void faultIn(void *data, size_t bytes)
{
    if (const auto [from, to] = wholePages(data, bytes); to > from)
        faultInPages(from, to);
}

bool PageToucher::supported()
{
    static const bool yes = [] {
        void *page = mmap(nullptr, kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED)
            return false;
        const bool ok = populatePages(uintptr_t(page), uintptr_t(page) + kPage);
        munmap(page, kPage);
        return ok;
    }();
    return yes;
}

PageToucher::PageToucher()
{
    if (supported())
        worker_.emplace();
}

PageToucher::~PageToucher()
{
    stop();
}

void PageToucher::touch(size_t i, const void *from, const void *end)
{
    if (!worker_)
        return;
    const std::lock_guard lock(mutex_);
    if (regions_.size() <= i)
        regions_.resize(i + 1);
    Region &r = regions_[i];
    if (!r.set) {
        r.set = true;
        r.next = (uintptr_t(from) + kPage - 1) / kPage * kPage; // whole pages: the bytes around are others'
    }
    // In steps, so that stop() waits for one step at most.
    for (const uintptr_t to = uintptr_t(end) / kPage * kPage; r.next < to;) {
        const uintptr_t stepFrom = r.next, stepTo = std::min(to, r.next + kStep);
        worker_->post([stepFrom, stepTo] { faultInPages(stepFrom, stepTo); });
        r.next = stepTo;
    }
}

void PageToucher::stop()
{
    const std::lock_guard lock(mutex_);
    if (worker_)
        worker_->stop();
    regions_.clear();
}

void PageToucher::wait()
{
    const std::lock_guard lock(mutex_);
    if (worker_)
        worker_->wait();
}

bool touchAheadPays()
{
    return concurrency::usableCores() > 1;
}

void faultInOnThreads(std::span<const Span> spans, size_t threads)
{
    if (threads <= 1)
        return;
    onThreads(threads, [&](size_t t) {
        for (const Span &span : spans) {
            char *const data = static_cast<char *>(span.data);
            faultIn(data + span.bytes * t / threads, span.bytes * (t + 1) / threads - span.bytes * t / threads);
        }
    });
}

} // namespace opscope::fresh
