#include "app/screenshot.h"

#include "app/editor/editor_controller.h"
#include "document/files/output_file.h"
#include "document/text/diagnostic.h"

#include <QBuffer>
#include <QDir>
#include <QEventLoop>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTimer>
#include <QVector3D>

#include <cstdio>

namespace railforge::app {
namespace {

// Lets the window lay out, load and draw for `ms` milliseconds.
void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

void say(const QString &message) { std::fprintf(stderr, "railforge: %s\n", qPrintable(message)); }

// The numbers after "kind:" in a camera spec, or nothing when one is not a finite number.
std::optional<QList<double>> numbers(const QString &list)
{
    QList<double> out;
    for (const QString &part : list.split(QLatin1Char(','))) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v)) return std::nullopt;
        out << v;
    }
    return out;
}

// The window's picture once two grabs 100 ms apart agree (late layout, the ground read off the
// UI thread and the first 3D frames have landed), or the last after five seconds.
QImage settledGrab(QQuickWindow *window)
{
    QImage previous = window->grabWindow();
    for (int waited = 0; waited < 5000; waited += 100) {
        wait(100);
        QImage current = window->grabWindow();
        if (current == previous) return current;
        previous = std::move(current);
    }
    return previous;
}

QObject *child(QObject *root, const char *name)
{
    return root ? root->findChild<QObject *>(QLatin1String(name)) : nullptr;
}

} // namespace

QString whyNotScreenshot(const ScreenshotRequest &request)
{
    if (request.view != QLatin1String("plan") && request.view != QLatin1String("3d") &&
        request.view != QLatin1String("profile"))
        return QStringLiteral("--view must be plan, 3d or profile, not '%1'").arg(request.view);
    if (request.view == QLatin1String("3d") && !EditorController::has3DView())
        return QStringLiteral("this build has no 3D view (built with RAILFORGE_VIEW3D=OFF)");
    if (request.tracks && request.view != QLatin1String("3d")) return QStringLiteral("--tracks is for --view 3d");
    const QString &c = request.camera;
    if (!c.isEmpty()) {
        if (request.view != QLatin1String("3d")) return QStringLiteral("--camera is for --view 3d");
        const QString kind = c.section(QLatin1Char(':'), 0, 0), rest = c.section(QLatin1Char(':'), 1);
        const auto n = numbers(rest);
        const bool fine = (kind == QLatin1String("orbit") && n && (n->size() == 3 || n->size() == 6)) ||
                          (kind == QLatin1String("eye") && n && n->size() == 6) ||
                          (kind == QLatin1String("ride") && rest.count(QLatin1Char(',')) == 1 &&
                           numbers(rest.section(QLatin1Char(','), 1)));
        if (!fine)
            return QStringLiteral("--camera '%1': expected orbit:YAW,PITCH,DISTANCE[,X,Y,Z] (degrees, level units), "
                                  "eye:X,Y,Z,TX,TY,TZ or ride:RAIL,S")
                .arg(c);
    }
    return {};
}

int takeScreenshot(QQmlApplicationEngine &engine, const ScreenshotRequest &request)
{
    // The level first, on its own: a bad file is reported as the CLI reports it.
    {
        document::LevelDocument probe;
        const document::LoadResult loaded = probe.load(request.level);
        if (!loaded.level) {
            for (const auto &d : loaded.diagnostics) say(QString::fromStdString(document::formatDiagnostic(d)));
            return 3;
        }
    }
    // A picture of the level alone: no "Restore unsaved work?" over it.
    engine.setInitialProperties({{QStringLiteral("offersRecovery"), false}});
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/RailForge/Main.qml")));
    if (engine.rootObjects().isEmpty()) return 1;
    auto *window = qobject_cast<QQuickWindow *>(engine.rootObjects().constFirst());
    auto *editor = window ? window->property("editor").value<EditorController *>() : nullptr;
    if (!editor) return 1;
    if (!editor->files()->openFile(request.level)) return 3;
    editor->ground()->waitForGround();
    if (!request.select.isEmpty() && !editor->selection()->selectKey(request.select)) {
        say(QStringLiteral("%1: no object '%2'").arg(request.level, request.select));
        return 3;
    }
    QObject *actions = window->property("actions").value<QObject *>();
    QQuickItem *item = nullptr;
    if (request.view == QLatin1String("plan")) {
        item = qobject_cast<QQuickItem *>(child(window, "canvas"));
        // The images and the ground's relief are read off the UI thread: drawn before the grab, or
        // two grabs could agree on a plan without them.
        if (item) QMetaObject::invokeMethod(item, "waitForReferences");
    } else if (request.view == QLatin1String("profile")) {
        item = qobject_cast<QQuickItem *>(child(window, "profilePanel"));
    } else {
        if (auto *action = actions ? actions->property("view3D").value<QObject *>() : nullptr)
            action->setProperty("checked", true);
        // The 3D view alone takes the centre of the window: the plan and the profile make way.
        if (auto *profile = actions ? actions->property("profilePanel").value<QObject *>() : nullptr)
            profile->setProperty("checked", false);
        if (QObject *canvas = child(window, "canvas")) canvas->setProperty("visible", false);
        wait(200);
        QObject *panel = window->property("view3d").value<QObject *>();
        item = qobject_cast<QQuickItem *>(child(panel, "view3d"));
        QObject *camera = panel ? panel->property("camera").value<QObject *>() : nullptr;
        const QString kind = request.camera.section(QLatin1Char(':'), 0, 0),
                      rest = request.camera.section(QLatin1Char(':'), 1);
        if (camera && kind == QLatin1String("orbit")) {
            const QList<double> n = *numbers(rest);
            const QVector3D target = n.size() == 6 ? QVector3D(float(n[3]), float(n[4]), float(n[5]))
                                                   : camera->property("target").value<QVector3D>();
            QMetaObject::invokeMethod(camera, "setOrbit", Q_ARG(QVector3D, target), Q_ARG(double, n[0]),
                                      Q_ARG(double, n[1]), Q_ARG(double, n[2]));
        } else if (camera && kind == QLatin1String("eye")) {
            const QList<double> n = *numbers(rest);
            QMetaObject::invokeMethod(camera, "lookAt",
                                      Q_ARG(QVector3D, QVector3D(float(n[0]), float(n[1]), float(n[2]))),
                                      Q_ARG(QVector3D, QVector3D(float(n[3]), float(n[4]), float(n[5]))));
        } else if (kind == QLatin1String("ride")) {
            QObject *ride = panel ? panel->property("ride").value<QObject *>() : nullptr;
            const QString rail = QStringLiteral("rail:") + rest.section(QLatin1Char(','), 0, 0);
            bool started = false;
            if (ride)
                QMetaObject::invokeMethod(ride, "start", Q_RETURN_ARG(bool, started), Q_ARG(QString, rail),
                                          Q_ARG(double, rest.section(QLatin1Char(','), 1).toDouble()));
            if (!started) {
                say(QStringLiteral("%1: no rail '%2' to ride").arg(request.level, rail.mid(5)));
                return 3;
            }
        }
        if (panel) panel->setProperty("userMoved", true);
        if (panel && request.tracks) panel->setProperty("tracksShown", true);
    }
    if (!item) {
        say(QStringLiteral("the %1 view is not shown").arg(request.view));
        return 1;
    }
    const QImage image = settledGrab(window);
    const QRectF rect = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
    const qreal ratio = image.devicePixelRatio();
    const QImage view = image.copy(QRectF(rect.topLeft() * ratio, rect.size() * ratio).toAlignedRect());
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!view.save(&buffer, "PNG") || !document::writeFileAtomically(request.output, png, &error)) {
        say(QStringLiteral("cannot write %1: %2")
                .arg(request.output, error.isEmpty() ? QStringLiteral("PNG encoding failed") : error));
        return 1;
    }
    std::fprintf(stdout, "%s: %dx%d %s view\n", qPrintable(request.output), view.width(), view.height(),
                 qPrintable(request.view));
    return 0;
}

} // namespace railforge::app
