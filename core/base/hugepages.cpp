#include "base/hugepages.h"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace core {

void adviseHugePages(const void* p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr uintptr_t kHuge = uintptr_t(2) << 20;
    if (!p || bytes < 2 * kHuge)
        return;
    const auto begin = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
    const auto end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // a hint: failure is fine
#else
    (void)p;
    (void)bytes;
#endif
}

} // namespace core
