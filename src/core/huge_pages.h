// An allocator for big arrays read at random places (the ground tree's nodes, boxes and triangles):
// on Linux a block of 2 MiB or more is mapped afresh on 2 MiB boundaries and the kernel is asked to
// back it with huge pages (madvise MADV_HUGEPAGE; honoured where transparent huge pages are "madvise"
// or "always"). A ground query at a random point touches some twenty cache lines spread over tens of
// megabytes; with 4 KiB pages nearly each of them also misses the TLB. Fresh pages, not the heap's:
// memory the heap hands back was often touched before (as 4 KiB pages, which the advice no longer
// changes), and then the same query ran up to twice as slow from one run to the next. Smaller
// blocks, and other systems, get plain aligned memory.
#pragma once

#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace railforge::core {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

template <typename T>
struct HugePageAllocator {
    using value_type = T;
    HugePageAllocator() = default;
    template <typename U>
    HugePageAllocator(const HugePageAllocator<U> &) noexcept
    {}

    T *allocate(std::size_t n)
    {
        if (n > (std::size_t(-1) - 2 * kHugePage) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= kHugePage) {
            // A mapping a huge page longer than needed, trimmed to start and end on huge-page bounds.
            const std::size_t rounded = roundUp(bytes);
            void *mapped =
                mmap(nullptr, rounded + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (mapped == MAP_FAILED) throw std::bad_alloc();
            char *start = static_cast<char *>(mapped);
            char *aligned = reinterpret_cast<char *>(roundUp(reinterpret_cast<std::size_t>(start)));
            if (aligned != start) munmap(start, std::size_t(aligned - start));
            if (const std::size_t after = kHugePage - std::size_t(aligned - start); after != 0)
                munmap(aligned + rounded, after);
            madvise(aligned, rounded, MADV_HUGEPAGE); // advice only: without it the pages are just smaller
            return reinterpret_cast<T *>(aligned);
        }
#endif
        return static_cast<T *>(::operator new(bytes, std::align_val_t(alignof(T))));
    }

    void deallocate(T *p, std::size_t n) noexcept
    {
        const std::size_t bytes = n * sizeof(T);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= kHugePage) {
            munmap(p, roundUp(bytes));
            return;
        }
#endif
        ::operator delete(p, std::align_val_t(alignof(T)));
    }

    static std::size_t roundUp(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

    template <typename U>
    bool operator==(const HugePageAllocator<U> &) const noexcept
    {
        return true;
    }
};

} // namespace railforge::core
