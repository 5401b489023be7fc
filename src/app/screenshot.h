// railforge --screenshot OUT.png: open a level, show one view (plan, 3D view or profile) from a
// given camera, write that view's picture and quit. For docs, bug reports and QA; the 3D view needs
// a real display (an X server; xvfb-run on a headless machine).
#pragma once

#include <QString>

class QQmlApplicationEngine;

namespace railforge::app {

struct ScreenshotRequest {
    QString output;      // the PNG to write
    QString level;       // the level file
    QString view;        // "plan", "3d" or "profile"
    QString camera;      // 3D camera: "orbit:YAW,PITCH,DISTANCE[,X,Y,Z]", "eye:X,Y,Z,TX,TY,TZ" or "ride:RAIL,S"
    QString select;      // an object to select first ("rail:coaster"), shown selected and profiled
    bool tracks = false; // 3D: the track meshes shown (the Track button)
};

// Why the request cannot be carried out as written ("" when it can): an unknown view, a camera
// spec that does not parse, a 3D view in a build without one.
QString whyNotScreenshot(const ScreenshotRequest &request);

// Loads the editor in `engine`, carries out the request once the window has drawn and returns the
// process's exit code: 0 written, 3 the level or a named object is bad, 1 it could not be written.
// Messages go to stderr.
int takeScreenshot(QQmlApplicationEngine &engine, const ScreenshotRequest &request);

} // namespace railforge::app
