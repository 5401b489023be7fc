#!/bin/bash
# The Qt Quick Tests of the editor wait for a frame with waitForFrame (tests/ui/frames/frame_waiter.h),
# never with Qt Quick Test's waitForRendering: in Qt 6.4 that one's QSignalSpy on frameSwapped races
# with the render thread and crashed the 3D suite under load (docs/qa.md "Under load"). Covers the
# folders run by test_ui and test_ui3d, whose runners offer `frames`. Fails listing every call.
root="$(cd "$(dirname "$0")/../.." && pwd)"
found=$(grep -rn 'waitForRendering(' "$root/tests/ui" "$root/tests/ui3d" "$root/tests/isolation" --include='*.qml' |
    grep -v '/tests/ui/golden/' | grep -vE '^[^:]*:[0-9]+: *//')
if [ -n "$found" ]; then
    echo "waitForRendering races with the render thread; call waitForFrame(item) (frames.waitForFrame in a TestCase):"
    echo "$found"
    exit 1
fi
echo "the editor's Qt Quick Tests wait for frames with waitForFrame"
