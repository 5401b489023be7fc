// The shape store (document/model/rail_shape_geometry.h): a rail's geometry is exactly the one built
// from scratch, is shared by every rail of the same shape whatever its id or data, is built again for
// any change of shape, stays right with many threads asking at once, and forgets the least recently
// asked shapes beyond its bound (a forgotten one is built again, equal).
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <thread>

using namespace railforge;
using namespace railforge::document;

namespace {

Rail randomRail(std::mt19937 &rng, const std::string &id)
{
    std::uniform_real_distribution<double> coordinate(-50.0, 50.0), tilt(-40.0, 40.0);
    Rail rail;
    rail.id = id;
    const int n = 2 + int(rng() % 7);
    for (int i = 0; i < n; ++i) rail.points.push_back({coordinate(rng), coordinate(rng), coordinate(rng) / 5});
    rail.tilts.resize(std::size_t(n));
    for (double &t : rail.tilts) t = tilt(rng);
    rail.closed = rng() % 4 == 0 && n >= 3;
    rail.frame = rng() % 2 ? FrameMode::Upright : FrameMode::MinimalTwist;
    return rail;
}

// Same table and frames, to the last bit, as building them from the rail by hand.
void compareWithScratch(const Rail &rail, const RailGeometry &geometry)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
    QCOMPARE(geometry.length(), core::totalLength(table));
    for (double w : {0.0, 0.13, 0.5, 0.77, 1.0}) {
        const double s = w * geometry.length();
        const core::CurveSample a = core::sampleAt(geometry.table(), s), b = core::sampleAt(table, s);
        QCOMPARE(a.position.x, b.position.x);
        QCOMPARE(a.position.y, b.position.y);
        QCOMPARE(a.position.z, b.position.z);
        QCOMPARE(core::tiltAt(geometry.frames(), s), core::tiltAt(railFrames(rail, table), s));
    }
}

} // namespace

class TestRailShapeGeometry : public QObject {
    Q_OBJECT
private slots:
    void sameShapeSameGeometryAnyChangeAnother()
    {
        std::mt19937 rng(61);
        for (int k = 0; k < 100; ++k) {
            Rail rail = randomRail(rng, "r" + std::to_string(k));
            const auto geometry = geometryOfShape(rail);
            compareWithScratch(rail, *geometry);
            // Another id, channels and properties: the same shape, the same geometry, nothing built.
            Rail twin = rail;
            twin.id = "twin";
            twin.channels.push_back({"speed", core::ChannelType::Float, core::ChannelInterp::Linear, {}});
            const std::size_t builds = shapeGeometryBuilds();
            QCOMPARE(geometryOfShape(twin).get(), geometry.get());
            QCOMPARE(shapeGeometryBuilds(), builds);
            // Any change of shape: a point moved by a millimetre, a tilt, the frame mode.
            Rail moved = rail;
            moved.points[rng() % moved.points.size()].z += 0.001;
            QVERIFY(geometryOfShape(moved).get() != geometry.get());
            compareWithScratch(moved, *geometryOfShape(moved));
            Rail tilted = rail;
            tilted.tilts[0] += 1.0;
            QVERIFY(geometryOfShape(tilted).get() != geometry.get());
            Rail reframed = rail;
            reframed.frame = rail.frame == FrameMode::Upright ? FrameMode::MinimalTwist : FrameMode::Upright;
            QVERIFY(geometryOfShape(reframed).get() != geometry.get());
        }
    }

    void manyThreadsAskingAtOnce()
    {
        std::mt19937 rng(7);
        std::vector<Rail> rails;
        for (int k = 0; k < 40; ++k) rails.push_back(randomRail(rng, "t" + std::to_string(k)));
        std::vector<std::vector<std::shared_ptr<const RailGeometry>>> got(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < got.size(); ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 5; ++round)
                    for (const Rail &rail : rails) got[t].push_back(geometryOfShape(rail));
            });
        for (auto &thread : threads) thread.join();
        // Every thread got one geometry per shape, the same one, and it is right.
        for (std::size_t i = 0; i < rails.size(); ++i) {
            const RailGeometry *first = got[0][i].get();
            for (const auto &list : got)
                for (std::size_t round = 0; round < 5; ++round) QCOMPARE(list[round * rails.size() + i].get(), first);
            compareWithScratch(rails[i], *first);
        }
    }

    void forgetsTheLeastRecentlyAskedBeyondItsBound()
    {
        std::mt19937 rng(3);
        const Rail first = randomRail(rng, "first");
        const RailGeometry *kept = geometryOfShape(first).get(); // not held: the store may drop it
        for (std::size_t k = 0; k < kShapeGeometryKept; ++k) {
            Rail other = first;
            other.points[0].x += 1.0 + double(k); // a new shape each time
            geometryOfShape(other);
        }
        const std::size_t builds = shapeGeometryBuilds();
        const auto again = geometryOfShape(first);
        QCOMPARE(shapeGeometryBuilds(), builds + 1); // built again
        compareWithScratch(first, *again);
        Q_UNUSED(kept);
        // The most recent shapes are still kept.
        Rail last = first;
        last.points[0].x += double(kShapeGeometryKept);
        const std::size_t before = shapeGeometryBuilds();
        geometryOfShape(last);
        QCOMPARE(shapeGeometryBuilds(), before);
    }

    // A long drag of a long rail (a new shape every step) keeps the store within its bytes.
    void aLongDragOfALongRailStaysWithinTheBytes()
    {
        Rail rail;
        rail.id = "long";
        for (int i = 0; i < 2000; ++i) rail.points.push_back({i * 3.0, std::sin(i * 0.1) * 20.0, 0.0});
        for (int step = 0; step < 300; ++step) {
            rail.points[1000].z = step * 0.01;
            geometryOfShape(rail)->frames();
            QVERIFY2(shapeGeometryBytes() <= kShapeGeometryBytes, std::to_string(shapeGeometryBytes()).c_str());
        }
        QVERIFY(shapeGeometryBytes() > kShapeGeometryBytes / 2); // it does keep what fits
    }
};

QTEST_APPLESS_MAIN(TestRailShapeGeometry)
#include "test_rail_shape_geometry.moc"
