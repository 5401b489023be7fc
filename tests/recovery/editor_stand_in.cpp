// A stand-in for another editor process on the same level, driving the real EditorController:
//   editor_stand_in crash LEVEL  edits, lets autosave write its copy, then dies with SIGKILL (no
//                                destructors, no cleanup: as a crash or `kill -9` would end it)
//   editor_stand_in save LEVEL   adds a waypoint at (42, 42, 0) and saves, as a teammate's editor does
//   editor_stand_in stay LEVEL   edits, autosaves, prints "ready", and quits cleanly when a line
//                                arrives on stdin (a second designer's editor that keeps running)
// RAILFORGE_RECOVERY_DIR chooses the recovery folder.
#include "app/editor/editor_controller.h"
#include "document/editing/level_editing.h"

#include <QElapsedTimer>
#include <QGuiApplication>

#include <csignal>
#include <cstdio>
#include <cstring>

namespace {

using namespace railforge;

void edit(document::LevelDocument &document)
{
    const std::string a = document::addWaypoint(document, {3, 7, 0});
    const std::string b = document::addWaypoint(document, {-2, 9, 1});
    document::connectWaypoints(document, a, b, false);
    document::moveObjects(document, {{document::ObjectKind::Waypoint, "a"}}, {0.5, 0.25, 0});
}

// Runs the event loop for a while (the autosave timer fires in it).
void spin(int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < milliseconds) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

} // namespace

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    if (argc != 3) return 2;
    const char *mode = argv[1];
    app::EditorController editor;
    if (!editor.files()->openFile(QString::fromLocal8Bit(argv[2]))) return 3;
    auto &document = *editor.document();
    if (std::strcmp(mode, "save") == 0) {
        document::addWaypoint(document, {42, 42, 0});
        return editor.files()->save() ? 0 : 4;
    }
    editor.recovery()->setAutosaveInterval(100);
    edit(document);
    spin(400); // the timer fires at least twice, so the copy has the last edit
    if (std::strcmp(mode, "crash") == 0) {
        std::fflush(stdout);
        std::raise(SIGKILL);
    }
    std::puts("ready");
    std::fflush(stdout);
    char line[64];
    if (!std::fgets(line, sizeof line, stdin)) return 5;
    editor.recovery()->quitCleanly();
    return 0;
}
