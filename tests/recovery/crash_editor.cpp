// A stand-in for an editor session that dies: opens a level in the real EditorController, makes
// edits, lets the autosave timer write its recovery copy, then kills itself with SIGKILL (no
// destructors, no cleanup: as a crash or `kill -9` would end it).
// Usage: crash_editor LEVEL.yaml   (RAILFORGE_RECOVERY_DIR chooses the recovery folder)
#include "app/editor/editor_controller.h"
#include "document/editing/level_editing.h"

#include <QElapsedTimer>
#include <QGuiApplication>

#include <csignal>
#include <cstdio>

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    if (argc != 2) return 2;
    railforge::app::EditorController editor;
    if (!editor.files()->openFile(QString::fromLocal8Bit(argv[1]))) return 3;
    editor.recovery()->setAutosaveInterval(100);
    auto &document = *editor.document();
    const std::string a = railforge::document::addWaypoint(document, {3, 7, 0});
    const std::string b = railforge::document::addWaypoint(document, {-2, 9, 1});
    railforge::document::connectWaypoints(document, a, b, false);
    railforge::document::moveObjects(document, {{railforge::document::ObjectKind::Waypoint, "a"}}, {0.5, 0.25, 0});
    // Let the timer fire (at least twice, so the copy has the last edit), then die hard.
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 400) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    std::fflush(stdout);
    std::raise(SIGKILL);
    return 0;
}
