#include "frame_waiter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include <atomic>
#include <memory>

namespace railforge::testing {

bool FrameWaiter::waitForFrame(QQuickItem *item, int timeoutMs)
{
    QQuickWindow *window = item ? item->window() : nullptr;
    if (!window) return false;
    // The flag belongs to the slot object: a render thread still in the slot after the disconnect
    // below keeps it alive until it returns.
    auto shown = std::make_shared<std::atomic<bool>>(false);
    const QMetaObject::Connection connection = QObject::connect(
        window, &QQuickWindow::frameSwapped, window, [shown] { shown->store(true); }, Qt::DirectConnection);
    QElapsedTimer timer;
    timer.start();
    // The same steps as Qt Quick Test's wait: run the events (a frame is often requested by one),
    // delete what asked to be deleted, and sleep a little so the render thread gets the core.
    while (!shown->load()) {
        const int remaining = timeoutMs - int(timer.elapsed());
        if (remaining <= 0) break;
        QCoreApplication::processEvents(QEventLoop::AllEvents, remaining);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QTest::qSleep(10);
    }
    QObject::disconnect(connection);
    return shown->load();
}

} // namespace railforge::testing
