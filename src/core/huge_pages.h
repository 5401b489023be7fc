// An allocator for big arrays read at random places (the ground tree's nodes, boxes and triangles):
// on Linux a block of 2 MiB or more is laid on 2 MiB boundaries and the kernel is asked to back it
// with huge pages (madvise MADV_HUGEPAGE; honoured where transparent huge pages are "madvise" or
// "always"). A ground query at a random point touches some twenty cache lines spread over tens of
// megabytes; with 4 KiB pages nearly each of them also misses the TLB. Smaller blocks, and other
// systems, get plain aligned memory.
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
        if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kHugePage) return static_cast<T *>(::operator new(bytes, std::align_val_t(alignof(T))));
        const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void *p = ::operator new(rounded, std::align_val_t(kHugePage));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, rounded, MADV_HUGEPAGE); // advice only: without it the pages are just smaller
#endif
        return static_cast<T *>(p);
    }

    void deallocate(T *p, std::size_t n) noexcept
    {
        const std::size_t bytes = n * sizeof(T);
        ::operator delete(p, std::align_val_t(bytes < kHugePage ? alignof(T) : kHugePage));
    }

    template <typename U>
    bool operator==(const HugePageAllocator<U> &) const noexcept
    {
        return true;
    }
};

} // namespace railforge::core
