// One background job of which only the newest request matters: the ground read, the reference
// images, the profile, the patrol routes and the 3D scenery each keep one. Asked while a run is
// going, it runs once more when that run is done, with the state of that moment (asked three times,
// still once more); the owner's thread takes every result before the next run starts.
#pragma once

#include <QCoreApplication>
#include <QFuture>
#include <QFutureWatcher>

#include <functional>
#include <optional>

namespace railforge::app {

template <typename Result>
class LatestWins {
public:
    // Takes the state now and starts the work (QtConcurrent::run or mapped), or does it at once and
    // returns nothing (a small job not worth a thread). Called on the owner's thread.
    using Launch = std::function<std::optional<QFuture<Result>>()>;
    // Takes a finished run's results from the watcher (result(), or resultAt() of mapped work).
    using Done = std::function<void(QFutureWatcher<Result> &)>;

    // `owner` is the object whose thread launches and takes results; `runningChanged` (may be empty)
    // is told each time running() flips, for a `busy` property.
    LatestWins(QObject *owner, Launch launch, Done done, std::function<void()> runningChanged = {})
        : m_launch(std::move(launch)), m_done(std::move(done)), m_runningChanged(std::move(runningChanged))
    {
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, owner, [this] {
            // running() is false while the result is taken, so that a request made from `done` starts
            // at once; the owner hears that running ended after the result, and only if no run follows.
            m_running = false;
            m_quiet = true;
            m_done(m_watcher);
            if (m_pending) request();
            m_quiet = false;
            if (!m_running && m_runningChanged) m_runningChanged();
        });
    }
    LatestWins(const LatestWins &) = delete;
    LatestWins &operator=(const LatestWins &) = delete;
    // Stops mapped work between items and waits for the run; its result is dropped (the owner is
    // going: cancel its own long reads first).
    ~LatestWins()
    {
        m_watcher.disconnect();
        m_watcher.cancel();
        m_watcher.waitForFinished();
    }

    // Runs now, or once the running run is done.
    void request()
    {
        if (m_running) {
            m_pending = true;
            return;
        }
        m_pending = false;
        std::optional<QFuture<Result>> future = m_launch();
        if (!future) return;
        setRunning(true);
        m_watcher.setFuture(std::move(*future));
    }

    // A run is going (its result not yet taken).
    bool running() const { return m_running; }
    // A run is going or asked for.
    bool busy() const { return m_running || m_pending; }

    // Until no run goes or waits, each result taken on the way (tests; closing a level).
    void wait()
    {
        while (busy()) {
            m_watcher.waitForFinished();
            // `finished` comes as a posted event; it may take the result and start the next run.
            QCoreApplication::sendPostedEvents(&m_watcher);
            QCoreApplication::processEvents();
        }
    }

    // The watcher of the run, for mapped work's results one by one (resultReadyAt) or cancelling.
    QFutureWatcher<Result> &watcher() { return m_watcher; }

private:
    void setRunning(bool running)
    {
        if (running == m_running) return;
        m_running = running;
        if (m_runningChanged && !m_quiet) m_runningChanged();
    }

    Launch m_launch;
    Done m_done;
    std::function<void()> m_runningChanged;
    QFutureWatcher<Result> m_watcher;
    bool m_running = false;
    bool m_pending = false;
    bool m_quiet = false; // taking a result: running() flips without telling the owner
};

} // namespace railforge::app
