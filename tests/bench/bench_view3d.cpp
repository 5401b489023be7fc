// The 3D view on the big level (10,000 waypoints, 1,000 rails x 100 points, 500 obstacles): building
// its geometry (target < 2 s), rebuilding after one rail's point moved, and a frame on Mesa llvmpipe
// at 1280x800 while the camera orbits (target < 50 ms) and while a point is dragged (within 1.5x of
// that); a drag frame on the demo levels (< 33 ms); and opening it on the demo levels (< 1 s).
// Qt Quick 3D draws only on a real display:
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bin/bench_view3d
#include "app/app_setup.h"
#include "app/editor/editor_controller.h"
#include "app/view3d/level_scene.h"
#include "document/editing/level_editing.h"

#include "big_level.h"
#include "frame_wait.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSurfaceFormat>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuick3D/qquick3d.h>

#include <benchmark/benchmark.h>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)
Q_IMPORT_QML_PLUGIN(RailForge_View3DPlugin)

using namespace railforge;

namespace {

const document::Level &bigLevel()
{
    static const document::Level level = bench::makeBigLevel();
    return level;
}

// A window of 1280x800 that is all 3D view, on an editor of its own.
struct View {
    QQmlApplicationEngine engine;
    QQuickWindow *window = nullptr;
    app::EditorController *editor = nullptr;
    QObject *panel = nullptr;
    QObject *camera = nullptr;

    View()
    {
        app::setupEngine(engine);
        engine.loadData(R"(
            import QtQuick
            import RailForge
            import RailForge.View3D
            Window {
                width: 1280; height: 834; visible: true
                property alias editor: editor
                property alias panel: panel
                EditorController { id: editor }
                View3DPanel { id: panel; anchors.fill: parent; editor: editor }
            })");
        window = qobject_cast<QQuickWindow *>(engine.rootObjects().value(0));
        editor = window->property("editor").value<app::EditorController *>();
        panel = window->property("panel").value<QObject *>();
        camera = panel->property("camera").value<QObject *>();
        waitForFrame();
    }

    // Waits until the window has drawn a new frame; returns how long that took (ms).
    double waitForFrame() { return bench::waitForFrame(window, 10000); }
};

// One window on the big level for the frame benchmarks (each sets the level again): made once and
// never destroyed, as it must not outlive the application at exit.
View &bigLevelView()
{
    static View &view = *new View;
    view.editor->document()->setLevel(bigLevel());
    return view;
}

void BM_View3DGeometryBigLevel(benchmark::State &state)
{
    for (auto _ : state) {
        state.PauseTiming();
        app::EditorController editor;
        editor.document()->setLevel(bigLevel());
        state.ResumeTiming();
        app::LevelScene3D scene;
        scene.setController(&editor);
        benchmark::DoNotOptimize(scene.radius());
    }
    state.counters["rails"] = double(bigLevel().rails.size());
}
BENCHMARK(BM_View3DGeometryBigLevel)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_View3DOneRailEdited(benchmark::State &state)
{
    app::EditorController editor;
    editor.document()->setLevel(bigLevel());
    app::LevelScene3D scene;
    scene.setController(&editor);
    const auto &rail = bigLevel().rails[500];
    double z = 0;
    for (auto _ : state) {
        z += 0.01;
        const auto p = rail.points[50];
        document::moveRailPoint(*editor.document(), rail.id, 50, {p.x, p.y, p.z + z}, 7);
    }
}
BENCHMARK(BM_View3DOneRailEdited)->Unit(benchmark::kMillisecond)->Iterations(30);

void BM_View3DFrameBigLevel(benchmark::State &state)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        state.SkipWithError("Qt Quick 3D draws nothing offscreen: run under xvfb-run");
        return;
    }
    View &view = bigLevelView();
    for (const QString &kind : qEnvironmentVariable("RF_HIDE").split(',', Qt::SkipEmptyParts))
        view.editor->layers()->setVisible(kind, false);
    view.waitForFrame();
    view.waitForFrame();
    for (auto _ : state) {
        QMetaObject::invokeMethod(view.camera, "orbit", Q_ARG(double, 3.0), Q_ARG(double, 0.0));
        state.SetIterationTime(view.waitForFrame() * 1e-3);
    }
    state.counters["width"] = view.window->width();
}
BENCHMARK(BM_View3DFrameBigLevel)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(40);

// Steps of a drag of point `point` of `rail` up, each timed from the edit (the drag's own command,
// one merge key) to the next frame drawn: the view follows it (the rail's ribbon and chunk, its
// supports, the gizmo of the active point) and draws.
void dragFrames(benchmark::State &state, View &view, const document::Rail &rail, std::size_t point)
{
    view.editor->selection()->setRailPoint({document::ObjectKind::Rail, rail.id}, int(point));
    view.waitForFrame();
    view.waitForFrame();
    const int mergeKey = view.editor->nextMergeKey();
    double z = 0;
    for (auto _ : state) {
        z += 0.05;
        QElapsedTimer clock;
        clock.start();
        const auto p = rail.points[point];
        document::moveRailPoint(*view.editor->document(), rail.id, point, {p.x, p.y, p.z + z}, mergeKey);
        view.waitForFrame();
        state.SetIterationTime(double(clock.nsecsElapsed()) * 1e-9);
    }
    state.counters["width"] = view.window->width();
}

// A drag step on the big level, the whole level in sight: target within 1.5x of a frame while the
// camera orbits (BM_View3DFrameBigLevel).
void BM_View3DDragFrameBigLevel(benchmark::State &state)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        state.SkipWithError("Qt Quick 3D draws nothing offscreen: run under xvfb-run");
        return;
    }
    dragFrames(state, bigLevelView(), bigLevel().rails[500], 50);
}
BENCHMARK(BM_View3DDragFrameBigLevel)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(40);

// A drag step on a demo level (its first rail's middle point): target < 33 ms.
void BM_View3DDragFrameDemo(benchmark::State &state, const char *file)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        state.SkipWithError("Qt Quick 3D draws nothing offscreen: run under xvfb-run");
        return;
    }
    View view;
    view.editor->files()->openFile(QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/") + QLatin1String(file));
    view.editor->ground()->waitForGround();
    const document::Rail rail = view.editor->document()->level().rails.front();
    dragFrames(state, view, rail, rail.points.size() / 2);
}
BENCHMARK_CAPTURE(BM_View3DDragFrameDemo, demo, "demo.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(40);
BENCHMARK_CAPTURE(BM_View3DDragFrameDemo, coaster, "coaster.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(40);
BENCHMARK_CAPTURE(BM_View3DDragFrameDemo, banked, "banked.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(40);
BENCHMARK_CAPTURE(BM_View3DDragFrameDemo, hills, "hills.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(40);

// From the panel's creation to its first frame with the level in it, on a demo level.
void BM_View3DOpenDemo(benchmark::State &state, const char *file)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        state.SkipWithError("Qt Quick 3D draws nothing offscreen: run under xvfb-run");
        return;
    }
    for (auto _ : state) {
        QElapsedTimer clock;
        clock.start();
        View view;
        view.editor->files()->openFile(QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/") + QLatin1String(file));
        view.editor->ground()->waitForGround();
        view.waitForFrame();
        view.waitForFrame();
        state.SetIterationTime(double(clock.nsecsElapsed()) * 1e-9);
    }
}
BENCHMARK_CAPTURE(BM_View3DOpenDemo, demo, "demo.yaml")->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(BM_View3DOpenDemo, banked, "banked.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(BM_View3DOpenDemo, hills, "hills.yaml")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication application(argc, argv);
    if (QGuiApplication::platformName() != QLatin1String("offscreen"))
        QSurfaceFormat::setDefaultFormat(QQuick3D::idealSurfaceFormat());
    app::setupApplicationStyle();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
