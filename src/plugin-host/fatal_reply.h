// The helper's last words: when an exception escapes a plugin (smooth() is noexcept, so the C++
// runtime calls std::terminate) the helper still answers the host with what was thrown, then exits.
// Built without allocating, because the usual reason is that memory ran out.
#pragma once

#include "document/strategy/strategy_wire.h"

namespace railforge::pluginhost {

// Installs the terminate handler that replies on `channel`; `memoryLimitMb` is quoted on bad_alloc.
void setFatalReplyChannel(document::wire::Channel *channel, std::size_t memoryLimitMb);

// While alive, a fatal error is described as happening `where` ("while loading"; "" while smoothing).
class FatalPhase {
public:
    explicit FatalPhase(const char *where);
    ~FatalPhase();
    FatalPhase(const FatalPhase &) = delete;
    FatalPhase &operator=(const FatalPhase &) = delete;

private:
    const char *m_previous;
};

} // namespace railforge::pluginhost
