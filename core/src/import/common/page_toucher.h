#pragma once
// Faults in the pages of memory that another thread is about to fill, on a thread of its own. The first
// write to each fresh page of a big vector costs a page fault; on the virtual machines OpScope is
// measured on that is 5-11 µs per 4 KiB page (a third of a 1 GB trace import's building thread). Asking
// the kernel for the pages in bulk (MADV_POPULATE_WRITE) and reading one byte of each costs about half
// as much, and off the thread that fills the memory it costs that thread nothing (docs/performance.md).

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace opscope::memory {

class PageToucher {
public:
    PageToucher();
    ~PageToucher(); // stops and ends the thread
    PageToucher(const PageToucher &) = delete;
    PageToucher &operator=(const PageToucher &) = delete;

    // The pages of region `i` (from 0) from `from` to `end` are faulted in from now on. Calling it again
    // for the same region raises its end without waiting (`from` is read only the first time after a
    // stop()). The memory must stay allocated and in place until stop() returns; it may be written
    // meanwhile (the pages are only read).
    void touch(size_t i, const void *from, const void *end);
    // Returns once no page is being touched, and forgets the regions.
    void stop();
    // Returns once every page given so far is touched (for tests).
    void wait();

    // Whether this kernel can populate pages in bulk (Linux >= 5.14); without it touch() does nothing.
    static bool supported();

private:
    struct Region {
        bool set = false;
        uintptr_t next = 0; // the first page not touched yet
        uintptr_t end = 0;
    };
    bool nextStep(uintptr_t &from, uintptr_t &to);
    void run();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Region> regions_;
    bool busy_ = false, quit_ = false;
    std::atomic<bool> stopRequested_{false};
    std::thread thread_;
};

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

} // namespace opscope::memory
