#pragma once
// Fresh memory: big arrays sized once, their pages faulted in bulk. On the virtual machines OpScope is
// measured on, the first write to each fresh 4 KiB page costs a page fault of 11-18 µs (bench_page_faults),
// more than the importers and attribution do with most pages. Asking the kernel for all the pages of a new
// array at once (MADV_POPULATE_WRITE, Linux 5.14) costs about half of that; reading one byte of each page
// as well takes the rest of the cost (the hypervisor's) off the writer, so PageToucher does both on a
// thread of its own (a Worker), ahead of the thread that fills the memory. Without the kernel's support
// (older kernels, other systems) nothing changes. docs/performance.md has the figures.
//
// The policy, in one place: an array sized once and written by the calling thread is populated in bulk
// first (assignFresh, resizeFresh); a vector an importer fills while its other threads parse has the free
// pages past its end touched on a PageToucher's thread, where a core is spare for it (touchAheadPays;
// touchFree: all of its reserve, or `lead` elements of it); arrays filled by several threads have each
// thread fault in its share first (faultInOnThreads, resizeOnThreads: nothing on one thread).

#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/parallel.h"
#include "opscope/concurrency/worker.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

namespace opscope::fresh {

// Faults in the whole pages of [data, data + bytes) for writing, on this thread; spans under 1 MiB are
// left alone. A hint: errors are ignored.
void populateForWriting(void *data, size_t bytes);
// populateForWriting, then a read of each page: in a virtual machine the first access to a populated page
// still costs a fault in the hypervisor, which the read takes here instead of the writer. What PageToucher
// does on its own thread, for callers that share a region out over threads of theirs.
void faultIn(void *data, size_t bytes);

// v.assign(n, value), with the pages of a new allocation faulted in bulk first.
template <class T> void assignFresh(std::vector<T> &v, size_t n, const T &value)
{
    if (n > v.capacity()) {
        std::vector<T>().swap(v);
        v.reserve(n);
        populateForWriting(v.data(), n * sizeof(T));
    }
    v.assign(n, value);
}

// v.resize(n) for a vector growing to its final size, the new pages faulted in bulk first.
template <class T> void resizeFresh(std::vector<T> &v, size_t n)
{
    if (n > v.capacity()) {
        std::vector<T> grown;
        grown.reserve(n);
        populateForWriting(grown.data(), n * sizeof(T));
        grown.insert(grown.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
        v.swap(grown);
    }
    v.resize(n);
}

class PageToucher {
public:
    PageToucher();
    ~PageToucher(); // stops and ends the thread
    PageToucher(const PageToucher &) = delete;
    PageToucher &operator=(const PageToucher &) = delete;

    // The pages of region `i` (from 0) from `from` to `end` are faulted in from now on. Calling it again
    // for the same region raises its end without waiting (`from` is read only the first time after a
    // stop()). The memory must stay allocated and in place until stop() returns; it may be written
    // meanwhile (the pages are only read). Several threads may call it, one at a time.
    void touch(size_t i, const void *from, const void *end);
    // Returns once no page is being touched, and forgets the regions and the pages not touched yet.
    void stop();
    // Returns once every page given so far is touched (for tests).
    void wait();

    // Whether this kernel can populate pages in bulk (Linux >= 5.14); without it touch() does nothing.
    static bool supported();

private:
    struct Region {
        bool set = false;
        uintptr_t next = 0; // the first page not handed to the worker yet
    };
    std::mutex mutex_; // regions_, and the order of the worker's steps
    std::vector<Region> regions_;
    std::optional<concurrency::Worker> worker_; // where supported()
};

// The policy's calls.

// Whether a PageToucher beside a big write pays: only with a core to spare for its thread (on one core it
// would take its time from the writer). The caller decides what is big (its own input-size threshold).
bool touchAheadPays();

// The pages of `v`'s reserve past its size, or of its next `lead` elements only, touched by `toucher`
// as `region` (the vector must not move until toucher.stop()).
template <class T> void touchFree(PageToucher &toucher, size_t region, const std::vector<T> &v, size_t lead = SIZE_MAX)
{
    toucher.touch(region, v.data() + v.size(), v.data() + v.size() + std::min(v.capacity() - v.size(), lead));
}

// Arrays about to be written by `threads` threads: each thread faults in its share of every span first
// (faultIn: in bulk, and read once). One thread: nothing (the writer takes the faults).
struct Span {
    void *data;
    size_t bytes;
};
void faultInOnThreads(std::span<const Span> spans, size_t threads);

// v.resize(n) into fresh memory for `threads` writers: its pages faulted in on that many threads first.
template <class T> void resizeOnThreads(std::vector<T> &v, size_t n, size_t threads)
{
    if (threads > 1 && n > v.capacity()) {
        v.reserve(n);
        const Span span{v.data(), n * sizeof(T)};
        faultInOnThreads({&span, 1}, threads);
    }
    v.resize(n);
}

// Copies `v` into an allocation of exactly its size (as shrink_to_fit does) whose pages `toucher`
// faulted in beforehand: prepare() before other work, finish() after it.
template <class T> class ExactCopy {
public:
    void prepare(const std::vector<T> &v, PageToucher &toucher, size_t region)
    {
        copy_.reserve(v.size());
        toucher.touch(region, copy_.data(), copy_.data() + copy_.capacity());
    }
    // After toucher.stop(). Does nothing when `v` changed size since prepare().
    void finish(std::vector<T> &v)
    {
        if (copy_.capacity() != v.size())
            return;
        copy_.assign(v.begin(), v.end());
        v.swap(copy_);
        std::vector<T>().swap(copy_);
    }

private:
    std::vector<T> copy_;
};

} // namespace opscope::fresh
