// Waiting for a window's next frame, for the benchmarks that time frames (edit -> frameSwapped).
#pragma once

#include <QElapsedTimer>
#include <QEventLoop>
#include <QQuickWindow>
#include <QTimer>

namespace railforge::bench {

// Asks `window` for a frame and waits until it is on screen (at most `timeoutMs`); returns how
// long that took in milliseconds.
inline double waitForFrame(QQuickWindow *window, int timeoutMs = 10000)
{
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    auto connection = QObject::connect(window, &QQuickWindow::frameSwapped, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    window->update();
    loop.exec();
    QObject::disconnect(connection);
    return double(clock.nsecsElapsed()) * 1e-6;
}

} // namespace railforge::bench
