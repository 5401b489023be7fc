// Work that may not stop when asked (a third-party importer deep in a step of its own) run so that its
// caller still keeps the read budget's time limit: on a thread of its own, waited for only while the
// budget lasts. When the time is up first, the caller goes on without it and the thread ends when it
// ends, owning everything it uses; a program about to exit does not wait for it (abandonedWork).
#pragma once

#include "document/files/project_files.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace railforge::document {

// How many works were left running by runWithinBudget in this process.
int abandonedWork();
void countAbandonedWork();

// The result of `work` (which must own what it uses: it may outlive the caller), or nothing when the
// budget ran out before it ended.
template <typename R>
std::optional<R> runWithinBudget(const ReadBudget &budget, std::function<R()> work)
{
    struct State {
        std::mutex mutex;
        std::condition_variable ended;
        std::optional<R> result;
    };
    auto state = std::make_shared<State>();
    std::thread worker([state, work = std::move(work)] {
        R result = work();
        const std::lock_guard lock(state->mutex);
        state->result = std::move(result);
        state->ended.notify_all();
    });
    std::unique_lock lock(state->mutex);
    while (!state->result) {
        if (budget.exhausted()) {
            lock.unlock();
            worker.detach();
            countAbandonedWork();
            return std::nullopt;
        }
        state->ended.wait_for(lock, std::chrono::milliseconds(20));
    }
    lock.unlock();
    worker.join();
    return std::move(state->result);
}

} // namespace railforge::document
