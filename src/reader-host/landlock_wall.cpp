#include "reader-host/landlock_wall.h"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <sys/prctl.h>
#include <sys/syscall.h>

namespace railforge::readerhost {
namespace {

// The kernel's interface (linux/landlock.h), spelled out here because the build machine's headers may
// be older than the kernel the reader runs on.
#ifndef SYS_landlock_create_ruleset
constexpr long SYS_landlock_create_ruleset = 444;
constexpr long SYS_landlock_restrict_self = 446;
#endif
constexpr std::uint32_t kCreateRulesetVersion = 1U << 0;

struct RulesetAttr {
    std::uint64_t handledAccessFs;
    std::uint64_t handledAccessNet; // ABI 4 and later
    std::uint64_t scoped;           // ABI 6 and later
};

// Every file-system right each ABI knows: handled and granted nowhere, so denied everywhere.
std::uint64_t fileRights(int abi)
{
    std::uint64_t rights = (1ULL << 13) - 1; // ABI 1: execute .. make symlink
    if (abi >= 2) rights |= 1ULL << 13;      // refer
    if (abi >= 3) rights |= 1ULL << 14;      // truncate
    if (abi >= 5) rights |= 1ULL << 15;      // ioctl on devices
    return rights;
}

} // namespace

bool raiseLandlockWall(std::string *why)
{
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    if (abi < 1) {
        *why = std::string("no Landlock: ") + std::strerror(errno);
        return false;
    }
    RulesetAttr attr{};
    attr.handledAccessFs = fileRights(int(abi));
    if (abi >= 4) attr.handledAccessNet = (1ULL << 0) | (1ULL << 1); // bind and connect TCP
    if (abi >= 6) attr.scoped = (1ULL << 0) | (1ULL << 1);           // abstract sockets, signals
    // Older ABIs take the leading part of the struct only.
    const std::size_t size = abi >= 6 ? sizeof attr : abi >= 4 ? 2 * sizeof(std::uint64_t) : sizeof(std::uint64_t);
    const int ruleset = int(::syscall(SYS_landlock_create_ruleset, &attr, size, 0));
    if (ruleset < 0) {
        *why = std::string("Landlock ruleset: ") + std::strerror(errno);
        return false;
    }
    const bool walled =
        ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && ::syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
    if (!walled) *why = std::string("Landlock: ") + std::strerror(errno);
    ::close(ruleset);
    return walled;
}

} // namespace railforge::readerhost
