// Custom ties made solid (core/outline_prism.h) against what a solid must be, on random outlines,
// concave ones and either winding included: the caps' triangles cover exactly the outline's area,
// each counter-clockwise; the prism is closed (every edge shared by exactly two triangles, in opposite
// directions) and its volume, by the divergence theorem, is the area times the length; every normal
// points out of its face.
#include "core/outline_prism.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>

using namespace railforge::core;

namespace {

using Point = std::array<double, 2>;

// Twice the signed area by the trapezoid rule (the code under test uses the shoelace sum).
double twiceArea(const std::vector<Point> &p)
{
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Point &a = p[i], &b = p[(i + 1) % p.size()];
        sum -= (b[0] - a[0]) * (a[1] + b[1]);
    }
    return sum;
}

// A star-shaped outline: corners at increasing angles round a point, each at a random radius (so
// often concave), in either winding, sometimes with a straight corner (three points on a line).
std::vector<Point> randomOutline(std::mt19937_64 &rng, int n, bool clockwise)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Point> out;
    for (int k = 0; k < n; ++k) {
        const double a = 2 * M_PI * (k + 0.1 + 0.8 * unit(rng)) / n, r = 0.1 + 2 * unit(rng);
        out.push_back({0.3 + r * std::cos(a), -0.2 + r * std::sin(a)});
    }
    if (n > 4 && unit(rng) < 0.3) // a point halfway along an edge
        out.insert(out.begin() + 1, {(out[0][0] + out[1][0]) / 2, (out[0][1] + out[1][1]) / 2});
    if (clockwise) std::reverse(out.begin(), out.end());
    return out;
}

} // namespace

class TestOutlinePrism : public QObject {
    Q_OBJECT
private slots:
    void capsCoverTheOutlineExactly()
    {
        std::mt19937_64 rng(17);
        for (int trial = 0; trial < 500; ++trial) {
            const auto outline = randomOutline(rng, 3 + trial % 40, trial % 2 == 1);
            const std::vector<std::uint32_t> tris = triangulateOutline(outline);
            QCOMPARE(tris.size() % 3, std::size_t(0));
            double sum = 0;
            for (std::size_t t = 0; t < tris.size(); t += 3) {
                const Point &a = outline[tris[t]], &b = outline[tris[t + 1]], &c = outline[tris[t + 2]];
                const double twice = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
                QVERIFY2(twice >= -1e-12, qPrintable(QString("trial %1: a clockwise triangle").arg(trial)));
                sum += twice;
            }
            // Triangles that overlap or leave a hole would not add up to the outline's area.
            QVERIFY2(std::abs(sum - std::abs(twiceArea(outline))) <= 1e-9,
                     qPrintable(QString("trial %1: %2 against %3").arg(trial).arg(sum).arg(twiceArea(outline))));
        }
    }

    void prismIsClosedWithTheRightVolume()
    {
        std::mt19937_64 rng(23);
        for (int trial = 0; trial < 300; ++trial) {
            const auto outline = randomOutline(rng, 3 + trial % 25, trial % 3 == 0);
            const double along = 0.05 + 0.01 * (trial % 50);
            const PrismMesh mesh = outlinePrism(outline, along);
            QCOMPARE(mesh.normals.size(), mesh.positions.size());
            // Closed: each edge (by position, the sides and caps do not share vertices) used once each way.
            std::map<std::pair<std::array<double, 3>, std::array<double, 3>>, int> edges;
            const auto key = [](Vec3 p) { return std::array<double, 3>{p.x, p.y, p.z}; };
            double volume = 0;
            for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
                const Vec3 a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]],
                           c = mesh.positions[mesh.indices[t + 2]];
                for (auto [p, q] : {std::pair{a, b}, std::pair{b, c}, std::pair{c, a}}) {
                    ++edges[{key(p), key(q)}];
                    --edges[{key(q), key(p)}];
                }
                volume += dot(a, cross(b, c)) / 6;
                // The face's own normal agrees with its vertices' normals.
                const Vec3 face = cross(b - a, c - a);
                if (length(face) > 1e-12)
                    for (std::size_t k = 0; k < 3; ++k)
                        QVERIFY2(dot(face, mesh.normals[mesh.indices[t + k]]) > 0,
                                 qPrintable(QString("trial %1: a normal points in").arg(trial)));
            }
            for (const auto &[edge, count] : edges)
                QVERIFY2(count == 0, qPrintable(QString("trial %1: an open edge").arg(trial)));
            QVERIFY2(std::abs(volume - std::abs(twiceArea(outline)) / 2 * along) <= 1e-9,
                     qPrintable(QString("trial %1: volume %2").arg(trial).arg(volume)));
        }
    }

    void nothingForNoArea()
    {
        QVERIFY(outlinePrism({{0, 0}, {1, 0}, {2, 0}}, 1).indices.empty());
        QVERIFY(triangulateOutline({{0, 0}, {1, 1}}).empty());
    }
};

QTEST_APPLESS_MAIN(TestOutlinePrism)
#include "test_outline_prism.moc"
