// A wait for the next frame a Qt Quick window shows, safe with Qt Quick's threaded render loop. The
// tests call it as `frames.waitForFrame(item)` where Qt Quick Test's waitForRendering would go.
//
// Why not waitForRendering: in Qt 6.4 it waits with a QSignalSpy on the window's frameSwapped, which
// the render thread emits. The spy appends to its list on the render thread while the GUI thread
// reads it, and the GUI thread destroys the spy while the render thread may still be inside it. Under
// load that crashed the 3D suite about once in 20-30 runs (a double free, or a segfault on
// QSGRenderThread). Here the render thread only sets an atomic flag, which the connection owns (Qt
// keeps a slot object alive while it runs), so nothing it touches can go away under it.
#pragma once

#include <QObject>

class QQuickItem;

namespace railforge::testing {

// The `frames` object of the Qt Quick Test runners.
class FrameWaiter : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Waits until the window of `item` has shown a frame made after this call, or `timeoutMs` passed,
    // processing events meanwhile as Qt Quick Test's own wait does. True when a frame was shown.
    Q_INVOKABLE bool waitForFrame(QQuickItem *item, int timeoutMs = 5000);
};

} // namespace railforge::testing
