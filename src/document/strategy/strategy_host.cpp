#include "document/strategy/strategy_host.h"

#include <signal.h>

#include <cstdio>

namespace railforge::document {

namespace {

// A helper must say Hello within this time; generous, because a loaded machine starts slowly.
constexpr std::chrono::milliseconds kStartTimeout{10'000};

// "3 s", "2.5 s", "0.25 s".
std::string secondsText(std::chrono::milliseconds ms)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g s", double(ms.count()) / 1000.0);
    return text;
}

} // namespace

StrategyHost::StrategyHost(std::string executable, std::size_t maxHelpers)
    : m_executable(std::move(executable)), m_maxHelpers(std::max<std::size_t>(1, maxHelpers))
{}

StrategyHost::~StrategyHost() { cancelAll(); }

void StrategyHost::setLimits(const HostLimits &limits)
{
    std::lock_guard lock(m_mutex);
    const bool memoryChanged = limits.memoryLimitMb != m_limits.memoryLimitMb;
    m_limits = limits;
    // A helper's memory limit is fixed when it starts: idle helpers with the old one retire.
    if (memoryChanged) m_idle.clear();
}

HostLimits StrategyHost::limits() const
{
    std::lock_guard lock(m_mutex);
    return m_limits;
}

std::unique_ptr<HelperProcess> StrategyHost::acquire(std::string *error)
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_cancelled) {
            *error = "cancelled";
            return nullptr;
        }
        if (!m_idle.empty()) {
            auto helper = std::move(m_idle.back());
            m_idle.pop_back();
            m_busy.insert(helper.get());
            return helper;
        }
        if (m_busy.size() + m_starting < m_maxHelpers) break;
        m_freed.wait(lock);
    }
    ++m_starting;
    const std::size_t memory = m_limits.memoryLimitMb;
    lock.unlock();
    auto helper = HelperProcess::start(m_executable, memory, kStartTimeout, error);
    lock.lock();
    --m_starting;
    if (helper && m_cancelled) {
        *error = "cancelled";
        helper.reset();
    }
    if (helper)
        m_busy.insert(helper.get());
    else
        m_freed.notify_one();
    return helper;
}

void StrategyHost::release(std::unique_ptr<HelperProcess> helper)
{
    std::lock_guard lock(m_mutex);
    m_busy.erase(helper.get());
    if (!m_cancelled) m_idle.push_back(std::move(helper));
    m_freed.notify_one();
}

void StrategyHost::forget(HelperProcess *helper)
{
    std::lock_guard lock(m_mutex);
    m_busy.erase(helper);
    m_freed.notify_one();
}

void StrategyHost::refill()
{
    std::size_t memory;
    {
        std::lock_guard lock(m_mutex);
        if (m_cancelled || !m_idle.empty() || m_busy.size() + m_starting >= m_maxHelpers) return;
        ++m_starting;
        memory = m_limits.memoryLimitMb;
    }
    std::string ignored; // a helper that cannot start now is started (and reported) by the next call
    auto helper = HelperProcess::start(m_executable, memory, kStartTimeout, &ignored);
    std::lock_guard lock(m_mutex);
    --m_starting;
    if (helper && !m_cancelled) m_idle.push_back(std::move(helper));
    m_freed.notify_one();
}

HostCallResult StrategyHost::call(wire::SmoothHead head, const wire::ObstacleShapes &shapes,
                                  std::span<const Vec3> points)
{
    using Io = wire::Channel::Io;
    HostCallResult result;
    auto helper = acquire(&result.message);
    if (!helper) return result;
    const auto timeout = limits().timeout;
    const auto deadline = wire::Clock::now() + timeout;
    const bool sendsObstacles = helper->obstacleKey != head.obstacleKey;
    if (sendsObstacles) head.obstacles = shapes;
    Io io = wire::send(helper->channel(), wire::Kind::Smooth, wire::encode(head), points, deadline);
    head.obstacles.reset();
    wire::Message reply;
    if (io == Io::Ok) io = wire::receive(helper->channel(), reply, deadline);
    std::optional<wire::ReplyHead> answer;
    if (io == Io::Ok && reply.kind == wire::Kind::Reply) answer = wire::decodeReplyHead(reply.head);

    using Status = wire::ReplyStatus;
    if (answer && answer->status != Status::Threw && answer->status != Status::OutOfMemory &&
        answer->status != Status::BadRequest && answer->status != Status::NeedObstacles) {
        // The helper is healthy and ready for the next call.
        helper->obstacleKey = head.obstacleKey;
        release(std::move(helper));
        switch (answer->status) {
        case Status::Ok:
            result.status = HostCallResult::Status::Ok;
            result.points = std::move(reply.points);
            break;
        case Status::StrategyError:
            result.status = HostCallResult::Status::StrategyError;
            result.message = std::move(answer->message);
            break;
        case Status::LoadError: result.message = "cannot be loaded: " + answer->message; break;
        case Status::TooManyPoints:
        case Status::Threw: // these four are handled above; listed so that a new status is a compile error
        case Status::OutOfMemory:
        case Status::NeedObstacles:
        case Status::BadRequest: result.message = std::move(answer->message); break;
        }
        return result;
    }

    // The helper is gone or of no further use: say what happened, then put a fresh one in its place.
    // Out of the busy set first, so cancelAll() never signals a pid that has been reaped (and reused).
    forget(helper.get());
    helper->kill();
    const std::string ending = helper->reap();
    helper.reset();
    bool cancelled;
    {
        std::lock_guard lock(m_mutex);
        cancelled = m_cancelled;
    }
    if (cancelled)
        result.message = "cancelled";
    else if (answer)
        result.message = answer->message.empty() ? "failed and was restarted" : answer->message;
    else if (io == Io::TimedOut)
        result.message = "no answer after " + secondsText(timeout);
    else if (io == Io::Closed)
        result.message = ending;
    else
        result.message = "sent a malformed reply (" + ending + ")";
    refill();
    return result;
}

void StrategyHost::cancelAll()
{
    std::vector<std::unique_ptr<HelperProcess>> idle;
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
        // Killing wakes the waiting callers (their socket closes); each reaps its own helper.
        for (HelperProcess *busy : m_busy) ::kill(busy->pid(), SIGKILL);
        idle.swap(m_idle);
        m_freed.notify_all();
    }
    // Destroying idle helpers kills and reaps them, outside the lock.
}

} // namespace railforge::document
