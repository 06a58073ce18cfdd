#pragma once
// Big arrays sized once, their pages faulted in bulk. On the virtual machines OpScope is measured on, the
// first write to each fresh 4 KiB page costs a page fault of about 12 µs: more than attribution does with
// most pages. Asking the kernel for all the pages of a new array at once (MADV_POPULATE_WRITE, Linux 5.14)
// costs about 60% of that; without it (older kernels, other systems) nothing changes.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

namespace opscope::fresh {

// Faults in the whole pages of [data, data + bytes) for writing; small spans are left alone.
inline void populateForWriting(void *data, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
    constexpr size_t kMinBytes = size_t(1) << 20;
    if (bytes < kMinBytes)
        return;
    const auto page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const uintptr_t from = (uintptr_t(data) + page - 1) & ~(page - 1);
    const uintptr_t to = (uintptr_t(data) + bytes) & ~(page - 1);
    if (to > from)
        ::madvise(reinterpret_cast<void *>(from), to - from, MADV_POPULATE_WRITE); // a hint: errors are ignored
#else
    (void)data;
    (void)bytes;
#endif
}

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

} // namespace opscope::fresh
