// The document tells each change as the steps it ran (LevelDocument::ChangeSet): which objects were
// inserted, removed or changed in place, with kind, index and parts. Edits that work out a whole new
// list of junctions or references (editsBetween) still tell it object by object: on random lists the
// steps, replayed on a copy, give the new list, and there are no more of them than objects that
// differ; a default-way click is one junction changed in its data, nothing structural.
#include "document/editing/junction_editing.h"
#include "document/editing/level_editing.h"
#include "document/editing/list_edits.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::document;
using Type = LevelDocument::Edit::Type;

namespace {

// `list` after `edits`, done by hand on a vector.
std::vector<Junction> replayed(std::vector<Junction> list, const std::vector<LevelDocument::Edit> &edits)
{
    for (const auto &e : edits) {
        switch (e.type) {
        case Type::Remove: list.erase(list.begin() + std::ptrdiff_t(e.at.index)); break;
        case Type::Insert: list.insert(list.begin() + std::ptrdiff_t(e.at.index), std::get<Junction>(e.object)); break;
        case Type::Replace: list.at(e.at.index) = std::get<Junction>(e.object); break;
        }
    }
    return list;
}

Junction junction(const std::string &id, double s)
{
    Junction j;
    j.id = id;
    j.rail = "main";
    j.s = s;
    return j;
}

} // namespace

class TestChangeEvents : public QObject {
    Q_OBJECT
private slots:
    void stepsBetweenListsReplayToTheNewList()
    {
        std::mt19937 random(61);
        for (int round = 0; round < 2000; ++round) {
            std::vector<Junction> before;
            const int n = int(random() % 8);
            for (int i = 0; i < n; ++i) before.push_back(junction("j" + std::to_string(i), i));
            std::vector<Junction> after;
            std::size_t differ = 0; // objects that must make a step: gone, new or changed
            for (const Junction &j : before) {
                switch (random() % 4) {
                case 0: ++differ; break; // removed
                case 1:
                    after.push_back(j);
                    after.back().s += 0.5;
                    ++differ;
                    break;
                default: after.push_back(j);
                }
                if (random() % 5 == 0) {
                    after.push_back(junction("new" + std::to_string(after.size()), 9));
                    ++differ;
                }
            }
            const bool shuffle = random() % 6 == 0 && after.size() > 1;
            if (shuffle) std::shuffle(after.begin(), after.end(), random);
            const auto edits = editsBetween(ObjectKind::Junction, before, after);
            QVERIFY(replayed(before, edits) == after);
            for (const auto &e : edits) QCOMPARE(e.at.kind, ObjectKind::Junction);
            if (!shuffle) QCOMPARE(edits.size(), differ);
        }
        QVERIFY(editsBetween(ObjectKind::Junction, std::vector<Junction>{junction("a", 1)},
                             std::vector<Junction>{junction("a", 1)})
                    .empty());
    }

    void theDocumentTellsEachStep()
    {
        LevelDocument document;
        LevelDocument::ChangeSet told;
        int tellings = 0;
        connect(&document, &LevelDocument::levelChanged, this, [&](const auto &change) {
            told = change;
            ++tellings;
        });
        QVERIFY(document.load(RAILFORGE_SOURCE_DIR "/tests/data/levels/network.yaml").level);
        QVERIFY(told.wholeLevel);

        // A default way: one junction, in its data; no rail, nothing structural.
        QVERIFY(cycleJunctionDefault(document, "fork"));
        QCOMPARE(told.objects.size(), std::size_t(1));
        QCOMPARE(told.objects[0].type, Type::Replace);
        QCOMPARE(told.objects[0].at.kind, ObjectKind::Junction);
        QCOMPARE(told.objects[0].parts, unsigned(kDataPart));
        QVERIFY(!told.structural() && !told.touchesKind(ObjectKind::Rail) && !told.wholeLevel);

        // A waypoint: one insert at the end of the waypoints.
        const std::size_t waypoints = document.level().waypoints.size();
        tellings = 0;
        addWaypoint(document, {1, 2, 0});
        QCOMPARE(tellings, 1);
        QCOMPARE(told.objects.size(), std::size_t(1));
        QCOMPARE(told.objects[0].type, Type::Insert);
        QCOMPARE(told.objects[0].at.index, waypoints);
        QVERIFY(told.listChanged(ObjectKind::Waypoint) && !told.listChanged(ObjectKind::Rail));

        // A junction deleted: one removal, its rails untouched.
        const auto at = findObject(document.level(), {ObjectKind::Junction, "siding"});
        QVERIFY(at);
        QVERIFY(deleteJunction(document, "siding"));
        QCOMPARE(told.objects.size(), std::size_t(1));
        QCOMPARE(told.objects[0].type, Type::Remove);
        QCOMPARE(told.objects[0].at.index, at->index);
        document.undoStack()->undo();
        QCOMPARE(told.objects[0].type, Type::Insert);
        QVERIFY(findObject(document.level(), {ObjectKind::Junction, "siding"}) == at);

        // References added and removed one by one, the id made unique.
        Reference image;
        image.id = "plan";
        image.file = "plan.png";
        QCOMPARE(addReference(document, image, "add"), std::string("plan"));
        QCOMPARE(addReference(document, image, "add"), std::string("plan2"));
        QCOMPARE(told.objects.size(), std::size_t(1));
        QCOMPARE(told.objects[0].type, Type::Insert);
        QCOMPARE(told.objects[0].at.kind, ObjectKind::Reference);
        QVERIFY(removeReference(document, "plan", "remove"));
        QCOMPARE(told.objects[0].type, Type::Remove);
        QCOMPARE(told.objects[0].at.index, std::size_t(0));
        QCOMPARE(document.level().references.size(), std::size_t(1));
        QVERIFY(!removeReference(document, "plan", "remove"));
    }
};

QTEST_MAIN(TestChangeEvents)
#include "test_change_events.moc"
