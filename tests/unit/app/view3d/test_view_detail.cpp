// How much the 3D view draws of what it sees small (view_detail.h): a coarser ribbon keeps exactly
// the rows it keeps and the last one; the scale at a box is what the camera's own projection shows
// there; the detail chosen keeps rows within a few pixels, turns a thin ribbon into a line, and holds
// its choice within the slack so an orbit does not flip it back and forth; markers seen small
// become dots of the same area.
#include "app/view3d/rail_ribbon.h"
#include "app/view3d/scene_camera.h"
#include "app/view3d/view_detail.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge;
using namespace railforge::app;
using core::Vec3;

namespace {

// A ribbon of `rows` rows laid out as railRibbon lays one out (rows in order, left then right).
TriangleMesh ribbonOfRows(std::size_t rows)
{
    TriangleMesh mesh;
    for (std::size_t i = 0; i < rows; ++i) {
        const float x = float(i), y = float(std::sin(double(i)));
        mesh.vertices.push_back({x, y - 0.5f, 0.1f * x, 0, 0, 1});
        mesh.vertices.push_back({x, y + 0.5f, 0.1f * x, 0, 0, 1});
    }
    for (std::uint32_t i = 0; i + 1 < rows; ++i) {
        const std::uint32_t a = 2 * i, b = 2 * (i + 1);
        mesh.indices.insert(mesh.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
    }
    updateBounds(mesh);
    return mesh;
}

bool sameVertex(const MeshVertex &a, const MeshVertex &b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z && a.nx == b.nx && a.ny == b.ny && a.nz == b.nz;
}

} // namespace

class TestViewDetail : public QObject {
    Q_OBJECT
private slots:
    void rowsAtStride_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("stride");
        QTest::addColumn<QList<int>>("kept");
        QTest::newRow("none") << 0 << 4 << QList<int>{};
        QTest::newRow("one") << 1 << 4 << QList<int>{0};
        QTest::newRow("stride one keeps all") << 4 << 1 << QList<int>{0, 1, 2, 3};
        QTest::newRow("last on the stride") << 9 << 4 << QList<int>{0, 4, 8};
        QTest::newRow("last off the stride") << 10 << 4 << QList<int>{0, 4, 8, 9};
        QTest::newRow("stride longer than the rail") << 3 << 16 << QList<int>{0, 2};
    }
    void rowsAtStride()
    {
        QFETCH(int, rows);
        QFETCH(int, stride);
        QFETCH(QList<int>, kept);
        QList<int> got;
        for (std::size_t row : app::rowsAtStride(std::size_t(rows), stride)) got << int(row);
        QCOMPARE(got, kept);
    }

    // The coarse ribbon is the fine one's kept rows, untouched, two triangles between each pair;
    // its centre line runs through the middle of those rows.
    void aCoarserRibbonKeepsItsRowsExactly()
    {
        for (std::size_t rows : {2u, 3u, 17u, 128u, 129u}) {
            const TriangleMesh fine = ribbonOfRows(rows);
            for (int stride : {1, 2, 4, 16}) {
                const TriangleMesh coarse = ribbonAtStride(fine, stride);
                const auto kept = app::rowsAtStride(rows, stride);
                QCOMPARE(coarse.vertices.size(), kept.size() * 2);
                QCOMPARE(coarse.indices.size(), (kept.size() - 1) * 6);
                for (std::size_t k = 0; k < kept.size(); ++k) {
                    QVERIFY(sameVertex(coarse.vertices[2 * k], fine.vertices[2 * kept[k]]));
                    QVERIFY(sameVertex(coarse.vertices[2 * k + 1], fine.vertices[2 * kept[k] + 1]));
                }
                for (std::size_t t = 0; t + 1 < kept.size(); ++t) {
                    const std::uint32_t a = std::uint32_t(2 * t), b = a + 2;
                    const std::vector<std::uint32_t> quad(coarse.indices.begin() + std::ptrdiff_t(6 * t),
                                                          coarse.indices.begin() + std::ptrdiff_t(6 * t + 6));
                    QCOMPARE(quad, (std::vector<std::uint32_t>{a, a + 1, b, a + 1, b + 1, b}));
                }
                const auto line = ribbonCentreLine(fine, stride);
                QCOMPARE(line.size(), kept.size());
                for (std::size_t k = 0; k < kept.size(); ++k) {
                    const MeshVertex &l = fine.vertices[2 * kept[k]], &r = fine.vertices[2 * kept[k] + 1];
                    QCOMPARE(line[k].x, (double(l.x) + r.x) / 2);
                    QCOMPARE(line[k].y, (double(l.y) + r.y) / 2);
                }
            }
        }
    }

    // Looking straight at a point, a small step across the view there moves its picture by the
    // scale times the step (the camera's own projection, finite differences); a farther box is
    // seen smaller, a camera inside the box sees it as large as can be, an orthographic one at its scale.
    void theScaleAtABoxIsWhatTheProjectionShows()
    {
        std::mt19937_64 rng(11);
        std::uniform_real_distribution<double> yaw(-180, 180), pitch(-80, 80), distance(2, 5000);
        const QSizeF viewport(1280, 800);
        for (int trial = 0; trial < 200; ++trial) {
            OrbitPose pose;
            pose.target = {100, -50, 3};
            pose.yawDegrees = yaw(rng);
            pose.pitchDegrees = pitch(rng);
            pose.distance = distance(rng);
            const SceneCamera camera = orbitCamera(pose, 50.0);
            const double scale = pixelsPerUnitAt(camera, viewport, pose.target, pose.target);
            const double step = pose.distance * 1e-6;
            const auto here = project(camera, viewport, pose.target);
            const auto across = project(camera, viewport, pose.target + camera.right() * step);
            QVERIFY(here && across);
            const double moved = std::hypot(across->at.x() - here->at.x(), across->at.y() - here->at.y());
            QVERIFY2(std::abs(moved / step - scale) <= 1e-4 * scale,
                     qPrintable(QString("%1 against %2").arg(moved / step).arg(scale)));
            // A box farther along the view is seen smaller; one around the eye infinitely large.
            const Vec3 farther = pose.target + camera.forward * pose.distance;
            QVERIFY(pixelsPerUnitAt(camera, viewport, farther, farther) < scale);
            QVERIFY(std::isinf(
                pixelsPerUnitAt(camera, viewport, camera.position - Vec3{1, 1, 1}, camera.position + Vec3{1, 1, 1})));
        }
        SceneCamera top;
        top.orthographic = true;
        top.pixelsPerUnit = 3.5;
        QCOMPARE(pixelsPerUnitAt(top, viewport, {0, 0, 0}, {1, 1, 1}), 3.5);
    }

    // From near to far and back: rows stay within kRowPixels (within the slack), strides only grow
    // going away and only shrink coming back, a ribbon turns into a line below kLinePixels.
    void theDetailFollowsTheScaleWithSlack()
    {
        const double spacing = 2.0, width = 1.0;
        RailDetail detail;
        int lastStride = 1;
        for (double scale = 50.0; scale > 1e-3; scale *= 0.97) {
            detail = railDetail(scale, spacing, width, detail);
            QVERIFY(detail.stride >= lastStride);
            QVERIFY(detail.stride >= 1 && detail.stride <= kMaxStride);
            QVERIFY((detail.stride & (detail.stride - 1)) == 0); // a power of two
            QVERIFY(detail.stride == 1 || spacing * scale * detail.stride <= kRowPixels * 1.5 + 1e-9);
            if (width * scale >= kLinePixels * 1.5) QVERIFY(!detail.line);
            if (width * scale < kLinePixels / 1.5) QVERIFY(detail.line);
            lastStride = detail.stride;
        }
        QCOMPARE(detail.stride, kMaxStride);
        for (double scale = 1e-3; scale < 50.0; scale *= 1.03) {
            detail = railDetail(scale, spacing, width, detail);
            QVERIFY(detail.stride <= lastStride);
            QVERIFY(detail.stride == 1 || spacing * scale * detail.stride <= kRowPixels * 1.5 + 1e-9);
            lastStride = detail.stride;
        }
        QCOMPARE(detail, RailDetail{});
        // A fresh choice is the coarsest within kRowPixels.
        const RailDetail fresh = railDetail(0.3, spacing, width, RailDetail{});
        QCOMPARE(fresh.stride, 4); // 2 m rows at 0.3 px/m: 0.6 px, 2.4 px at 4, 4.8 px at 8
        QVERIFY(fresh.line);
        // Kept within the slack: a little nearer than where 4 was chosen, 4 stays.
        QCOMPARE(railDetail(0.45, spacing, width, fresh).stride, 4);
        QCOMPARE(railDetail(0.45, spacing, width, RailDetail{}).stride, 4);
        QCOMPARE(railDetail(0.8, spacing, width, fresh).stride, 2); // 6.4 px: beyond the slack
    }

    void markersSeenSmallAreDots()
    {
        QCOMPARE(dotPixels(10.0, false), 0);
        QCOMPARE(dotPixels(3.0, false), 4); // 3 sqrt 2 = 4.24
        QCOMPARE(dotPixels(0.1, false), kSmallestDot);
        // At the largest dot's edge: a marker stays a marker, a dot stays a dot.
        const double edge = (kLargestDot + 0.75) / M_SQRT2;
        QCOMPARE(dotPixels(edge, false), 0);
        QCOMPARE(dotPixels(edge, true), kLargestDot);
    }
};

QTEST_APPLESS_MAIN(TestViewDetail)
#include "test_view_detail.moc"
