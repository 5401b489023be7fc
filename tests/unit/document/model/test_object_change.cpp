// Typed change events (object_change.h, LevelDocument::levelChanged): an edit says which parts of
// each object it changed, so views redo only what depends on those. Each kind's shape, look and data
// are told apart, and the document reports them for an edit in place.
#include "document/editing/level_document.h"
#include "document/model/object_change.h"

#include <QTest>

using namespace railforge::document;

namespace {

Rail threePointRail()
{
    Rail r;
    r.id = "main";
    r.points = {{0, 0, 0}, {10, 0, 1}, {20, 5, 2}};
    return r;
}

void setColour(Properties &properties, const std::string &hex)
{
    for (auto &p : properties)
        if (isLookProperty(p)) return void(p.value = Color{hex});
    properties.push_back({"colour", Color{hex}});
}

} // namespace

class TestObjectChange : public QObject {
    Q_OBJECT
private slots:
    void aRailsPartsAreToldApart()
    {
        const Rail before = threePointRail();
        QCOMPARE(changedParts(before, before), 0u);

        Rail moved = before;
        moved.points[1].z += 3;
        QCOMPARE(changedParts(before, moved), unsigned(kShapePart));
        Rail tilted = before;
        tilted.tilts = {0, 15, 0};
        QCOMPARE(changedParts(before, tilted), unsigned(kShapePart));

        Rail coloured = before;
        setColour(coloured.properties, "#FF2000");
        QCOMPARE(changedParts(before, coloured), unsigned(kLookPart));

        Rail keyed = before;
        railforge::core::ChannelValue four;
        four.number = 4.0;
        keyed.channels.push_back({"speed",
                                  railforge::core::ChannelType::Float,
                                  railforge::core::ChannelInterp::Linear,
                                  {{std::size_t(1), 0.0, four}}});
        QCOMPARE(changedParts(before, keyed), unsigned(kDataPart));
        Rail renamed = before;
        renamed.id = "trunk";
        QCOMPARE(changedParts(before, renamed), unsigned(kDataPart));
        Rail tagged = before;
        tagged.properties.push_back({"zone", std::string("mine")});
        QCOMPARE(changedParts(before, tagged), unsigned(kDataPart));

        Rail all = moved;
        all.id = "trunk";
        setColour(all.properties, "#00FF00");
        QCOMPARE(changedParts(before, all), unsigned(kShapePart | kLookPart | kDataPart));
    }

    void everyKindHasAShape()
    {
        Waypoint a{"a", {0, 0, 0}, {}};
        Waypoint a2 = a;
        a2.position.x = 1;
        QCOMPARE(changedParts(a, a2), unsigned(kShapePart));
        Waypoint a3 = a;
        setColour(a3.properties, "#123456");
        QCOMPARE(changedParts(a, a3), unsigned(kLookPart));

        Edge e{"a", "b", true, std::nullopt, {}};
        Edge e2 = e;
        e2.to = "c";
        QCOMPARE(changedParts(e, e2), unsigned(kShapePart));
        Edge e3 = e;
        e3.cost = 4.0;
        QCOMPARE(changedParts(e, e3), unsigned(kDataPart));

        Obstacle o;
        o.id = "rock";
        o.polygon = {{0, 0}, {1, 0}, {0, 1}};
        Obstacle o2 = o;
        o2.polygon[2].y = 2;
        QCOMPARE(changedParts(o, o2), unsigned(kShapePart));
        Obstacle o3 = o;
        o3.circle.radius = 5; // unused by a polygon: no change at all
        QCOMPARE(changedParts(o, o3), 0u);

        Patrol p;
        p.id = "guard";
        p.stops = {"a", "b"};
        Patrol p2 = p;
        p2.stops.push_back("c");
        QCOMPARE(changedParts(p, p2), unsigned(kShapePart));
        Patrol p3 = p;
        p3.smoothing.push_back({"chaikin", {}, true});
        QCOMPARE(changedParts(p, p3), unsigned(kDataPart));

        QCOMPARE(changedParts(AnyObject{a}, AnyObject{e}), unsigned(kEveryPart));
    }

    void theDocumentReportsThePartsOfAnEdit()
    {
        LevelDocument document;
        LevelDocument::ChangeSet change;
        QObject::connect(&document, &LevelDocument::levelChanged, [&](const auto &told) { change = told; });
        Level level;
        level.rails.push_back(threePointRail());
        Reference plan;
        plan.id = "plan";
        plan.file = "plan.png";
        level.references.push_back(plan);
        document.setLevel(level);
        QVERIFY(change.wholeLevel && change.structural());

        Rail coloured = level.rails[0];
        setColour(coloured.properties, "#FF2000");
        document.apply({{LevelDocument::Edit::Type::Replace, {ObjectKind::Rail, 0}, coloured}});
        QVERIFY(!change.structural());
        QCOMPARE(change.objects.size(), std::size_t(1));
        QCOMPARE(change.objects[0].parts, unsigned(kLookPart));
        QVERIFY(change.onlyParts(kLookPart));
        QVERIFY(!change.touches({ObjectKind::Rail}, kShapePart | kDataPart));
        QVERIFY(change.touches({ObjectKind::Rail}, kLookPart));

        Rail moved = coloured;
        moved.points[0].x = -5;
        document.apply({{LevelDocument::Edit::Type::Replace, {ObjectKind::Rail, 0}, moved}});
        QCOMPARE(change.objects[0].parts, unsigned(kShapePart));
        QVERIFY(!change.onlyParts(kLookPart));
        QVERIFY(!change.touches({ObjectKind::Waypoint, ObjectKind::Patrol}, kEveryPart));

        document.apply({{LevelDocument::Edit::Type::Remove, {ObjectKind::Reference, 0}, {}}});
        QVERIFY(change.touchesKind(ObjectKind::Reference) && change.listChanged(ObjectKind::Reference));
        QVERIFY(change.structural() && !change.listChanged(ObjectKind::Rail) && !change.touchesKind(ObjectKind::Rail));
        QVERIFY(!change.onlyParts(kLookPart));
    }
};

QTEST_APPLESS_MAIN(TestObjectChange)
#include "test_object_change.moc"
