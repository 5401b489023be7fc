// A point dragged in the 3D view lands where the pointer shows it: for random cameras (perspective
// and orthographic) and random points, grabbing a point where it shows and releasing where a target
// on its drag plane shows puts it on the target (horizontal: same height; vertical: same x and y),
// also when grabbed off its centre in an orthographic view. Looking straight down, a vertical drag is refused.
// A move gizmo's arrow reads the place along its axis under the pointer.
#include "app/view3d/drag_plane.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::app;

namespace {

const QSizeF kViewport(800, 600);

SceneCamera randomCamera(std::mt19937_64 &rng, core::Vec3 lookAt, bool orthographic)
{
    std::uniform_real_distribution<double> yaw(0, 2 * M_PI), pitch(0.2, 1.2), distance(8, 40);
    const double a = yaw(rng), b = pitch(rng), d = distance(rng);
    SceneCamera camera;
    camera.forward = {std::cos(a) * std::cos(b), std::sin(a) * std::cos(b), -std::sin(b)};
    camera.position = lookAt - camera.forward * d;
    const core::Vec3 right = core::unitOrZero(core::cross(camera.forward, {0, 0, 1}));
    camera.up = core::cross(right, camera.forward);
    camera.orthographic = orthographic;
    camera.pixelsPerUnit = 20;
    return camera;
}

} // namespace

class TestDragPlane : public QObject {
    Q_OBJECT
private slots:
    void aDraggedPointLandsUnderThePointer_data()
    {
        QTest::addColumn<bool>("vertical");
        QTest::addColumn<bool>("orthographic");
        QTest::newRow("horizontal, perspective") << false << false;
        QTest::newRow("vertical, perspective") << true << false;
        QTest::newRow("horizontal, orthographic") << false << true;
        QTest::newRow("vertical, orthographic") << true << true;
    }
    void aDraggedPointLandsUnderThePointer()
    {
        QFETCH(bool, vertical);
        QFETCH(bool, orthographic);
        std::mt19937_64 rng(vertical * 2 + orthographic + 11);
        std::uniform_real_distribution<double> coordinate(-50, 50), step(-4, 4), offset(-6, 6);
        int tried = 0;
        for (int i = 0; i < 500; ++i) {
            const core::Vec3 point{coordinate(rng), coordinate(rng), coordinate(rng) / 5};
            const SceneCamera camera = randomCamera(rng, point, orthographic);
            const core::Vec3 target = vertical ? core::Vec3{point.x, point.y, point.z + step(rng)}
                                               : core::Vec3{point.x + step(rng), point.y + step(rng), point.z};
            const auto from = project(camera, kViewport, point);
            const auto to = project(camera, kViewport, target);
            if (!from || !to) continue;
            // Orthographic: grabbed a few pixels off its centre, released with the same offset. (In
            // perspective the same pixels are not the same distance at another depth.)
            const QPointF grabOffset = orthographic ? QPointF(offset(rng), offset(rng)) : QPointF();
            const auto drag = PointDrag::grab(point, rayThrough(camera, kViewport, from->at + grabOffset),
                                              vertical ? DragAxis::Vertical : DragAxis::Horizontal);
            QVERIFY(drag);
            const auto landed = drag->follow(rayThrough(camera, kViewport, to->at + grabOffset));
            QVERIFY(landed);
            ++tried;
            const double error = core::length(*landed - target);
            QVERIFY2(error < 1e-6 * (1 + core::length(target - camera.position)),
                     qPrintable(QString("case %1: off by %2").arg(i).arg(error)));
            if (vertical) {
                QCOMPARE(landed->x, point.x);
                QCOMPARE(landed->y, point.y);
            } else {
                QCOMPARE(landed->z, point.z);
            }
        }
        QVERIFY2(tried > 400, qPrintable(QString::number(tried)));
    }

    // An arrow of the move gizmo: for random cameras and axes, the pointer over a spot of the axis
    // line reads that spot's place along it.
    void anArrowReadsThePlaceAlongItsAxis()
    {
        std::mt19937_64 rng(23);
        std::uniform_real_distribution<double> coordinate(-50, 50), along(-5, 5);
        const core::Vec3 axes[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        int tried = 0;
        for (int i = 0; i < 600; ++i) {
            const core::Vec3 point{coordinate(rng), coordinate(rng), coordinate(rng) / 5};
            const SceneCamera camera = randomCamera(rng, point, i % 2 == 0);
            const core::Vec3 axis = axes[i % 3];
            const double u = along(rng);
            const auto at = project(camera, kViewport, point + axis * u);
            if (!at) continue;
            const auto read = alongAxis(rayThrough(camera, kViewport, at->at), point, axis);
            if (!read) continue; // looking along the axis
            ++tried;
            QVERIFY2(std::abs(*read - u) < 1e-6 * (1 + core::length(point - camera.position)),
                     qPrintable(QString("case %1: %2 for %3").arg(i).arg(*read).arg(u)));
        }
        QVERIFY2(tried > 500, qPrintable(QString::number(tried)));
    }

    void straightDownHasNoVerticalDrag()
    {
        SceneCamera camera;
        camera.position = {0, 0, 30};
        camera.forward = {0, 0, -1};
        camera.up = {0, 1, 0};
        const Ray ray = rayThrough(camera, kViewport, {400, 300});
        QVERIFY(!PointDrag::grab({0, 0, 0}, ray, DragAxis::Vertical));
        const auto flat = PointDrag::grab({0, 0, 0}, ray, DragAxis::Horizontal);
        QVERIFY(flat);
        const auto moved = flat->follow(rayThrough(camera, kViewport, {500, 300}));
        QVERIFY(moved && moved->x > 0 && moved->z == 0.0);
    }
};

QTEST_APPLESS_MAIN(TestDragPlane)
#include "test_drag_plane.moc"
