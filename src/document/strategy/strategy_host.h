// Runs strategy plugins in helper processes (railforge-strategy-host), so that a strategy that
// crashes, hangs, throws or eats memory fails its own step and nothing else. A small pool of helpers
// serves calls from any thread; a helper that failed is replaced before the failing call returns,
// so the next call finds one ready.
#pragma once

#include "document/strategy/helper_process.h"
#include "document/strategy/strategy_wire.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace railforge::document {

// What a call may use.
struct HostLimits {
    std::chrono::milliseconds timeout{10'000}; // per call, from sending the request to the last byte back
    std::size_t memoryLimitMb = 4096;          // address space of a helper (RLIMIT_AS)
};

// The outcome of a call through a helper.
struct HostCallResult {
    enum class Status {
        Ok,            // points hold the strategy's result
        StrategyError, // the strategy reported an error; message is its text
        Failed,        // the plugin or its helper failed; message says how ("crashed (signal 11, ...)")
    };
    Status status = Status::Failed;
    std::string message;
    std::vector<Vec3> points;
};

class StrategyHost {
public:
    // `executable` is the helper's path; `maxHelpers` bounds how many calls run at once.
    StrategyHost(std::string executable, std::size_t maxHelpers);
    ~StrategyHost();
    StrategyHost(const StrategyHost &) = delete;
    StrategyHost &operator=(const StrategyHost &) = delete;

    void setLimits(const HostLimits &limits);
    HostLimits limits() const;

    // Runs one smooth call. `head.obstacles` may be empty: the host sends the shapes only to helpers
    // that do not hold `head.obstacleKey` yet, from `shapes`.
    HostCallResult call(wire::SmoothHead head, const wire::ObstacleShapes &shapes, std::span<const Vec3> points);

    // Ends every running call at once (they fail with "cancelled") and refuses new ones; for
    // shutting down without waiting out a hung strategy.
    void cancelAll();

    // The helper's path.
    const std::string &executable() const { return m_executable; }

private:
    std::unique_ptr<HelperProcess> acquire(std::string *error);
    void release(std::unique_ptr<HelperProcess> helper);
    void forget(HelperProcess *helper);
    void refill();

    const std::string m_executable;
    const std::size_t m_maxHelpers;
    mutable std::mutex m_mutex;
    std::condition_variable m_freed;
    HostLimits m_limits;
    std::vector<std::unique_ptr<HelperProcess>> m_idle;
    std::set<HelperProcess *> m_busy;
    std::size_t m_starting = 0; // helpers being started, counted against maxHelpers
    bool m_cancelled = false;
};

} // namespace railforge::document
