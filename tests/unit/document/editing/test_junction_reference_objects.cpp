// Junctions and references are objects like the rest: delete, copy/paste and move go through the
// same edits, each one undo step, and every result saves as a file that loads again.
#include "document/editing/level_editing.h"
#include "document/model/object_change.h"

#include "level_reloads.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {

const Junction *junctionCalled(const Level &level, const std::string &id)
{
    for (const Junction &j : level.junctions)
        if (j.id == id) return &j;
    return nullptr;
}

// Two references beside the network: an image and a mesh.
Level withReferences(Level level)
{
    Reference image;
    image.id = "plan";
    image.file = "plan.png";
    image.rect = {0, -50, 200, 50};
    Reference mesh;
    mesh.id = "hill";
    mesh.kind = ReferenceKind::Mesh;
    mesh.file = "hill.obj";
    mesh.translate = {10, 20, 0};
    level.references = {image, mesh};
    return level;
}

} // namespace

class TestJunctionReferenceObjects : public QObject {
    Q_OBJECT
private:
    LevelDocument m_doc;
    Level m_network;
    LevelDocument::ChangeSet m_told; // what the document last said changed

private slots:
    void initTestCase()
    {
        connect(&m_doc, &LevelDocument::levelChanged, this, [this](const auto &change) { m_told = change; });
    }

    void init()
    {
        m_doc.undoStack()->clear();
        const auto loaded = m_doc.load(RAILFORGE_SOURCE_DIR "/tests/data/levels/network.yaml");
        QVERIFY(loaded.level);
        m_doc.setLevel(withReferences(*loaded.level));
        m_network = m_doc.level();
    }

    void everyKindIsAddressedAlike()
    {
        QCOMPARE(objectCount(m_network, ObjectKind::Junction), std::size_t(2));
        QCOMPARE(objectCount(m_network, ObjectKind::Reference), std::size_t(2));
        const auto fork = findObject(m_network, {ObjectKind::Junction, "fork"});
        QVERIFY(fork);
        QCOMPARE(objectIdAt(m_network, *fork), std::string("fork"));
        QVERIFY(std::holds_alternative<Junction>(objectAt(m_network, *fork)));
        QCOMPARE(kindOf(objectAt(m_network, {ObjectKind::Reference, 1})), ObjectKind::Reference);
        QCOMPARE(std::string(kindName(ObjectKind::Reference)), std::string("reference"));
        QVERIFY(!propertiesOf(objectAt(m_network, {ObjectKind::Reference, 0})));
        QVERIFY(propertiesOf(objectAt(m_network, *fork)));
    }

    void deletingAJunctionLeavesItsRails()
    {
        const auto report = deleteObjects(m_doc, {{ObjectKind::Junction, "fork"}});
        QCOMPARE(report.deleted, std::size_t(1));
        QVERIFY(report.junctionsRemoved.empty()); // asked for, not taken along
        QVERIFY(!junctionCalled(m_doc.level(), "fork"));
        QVERIFY(junctionCalled(m_doc.level(), "siding"));
        QCOMPARE(m_doc.level().rails.size(), std::size_t(4));
        QVERIFY(m_told.touchesKind(ObjectKind::Junction) && m_told.listChanged(ObjectKind::Junction));
        m_doc.undoStack()->undo();
        QVERIFY(m_doc.level() == m_network);
    }

    void deletingAJunctionWithItsTrunkIsOneStep()
    {
        // Both the junction and the rail it sits on: the junction goes once, the spur's siding too.
        deleteObjects(m_doc, {{ObjectKind::Junction, "fork"}, {ObjectKind::Rail, "main"}});
        QVERIFY(m_doc.level().junctions.empty());
        QCOMPARE(m_doc.level().rails.size(), std::size_t(3));
        QString why;
        QVERIFY2(reloads(m_doc.level(), &why), qPrintable(why));
        QCOMPARE(m_doc.undoStack()->count(), 1);
        m_doc.undoStack()->undo();
        QVERIFY(m_doc.level() == m_network);
    }

    void copyingAJunctionBringsItsRails()
    {
        const Level copied = extractObjects(m_network, {{ObjectKind::Junction, "fork"}});
        QCOMPARE(copied.rails.size(), std::size_t(3));     // main, to_mine, to_lift
        QCOMPARE(copied.junctions.size(), std::size_t(1)); // the siding's spur was not copied
        const auto added = pasteObjects(m_doc, copied, {0, 200, 0});
        QCOMPARE(added.size(), std::size_t(4));
        const Level &level = m_doc.level();
        QCOMPARE(level.junctions.size(), std::size_t(3));
        const Junction &pasted = level.junctions.back();
        QVERIFY(pasted.id != "fork");
        // It joins the pasted rails, not the originals.
        QVERIFY(findObject(level, {ObjectKind::Rail, pasted.rail}));
        QVERIFY(pasted.rail != "main");
        for (const JunctionLink &l : pasted.links) QVERIFY(l.rail != "to_mine" && l.rail != "to_lift");
        QVERIFY(pasted.defaultWay != "to_mine" && !pasted.defaultWay.empty());
        const auto trunk = findObject(level, {ObjectKind::Rail, pasted.rail});
        QCOMPARE(level.rails[trunk->index].points.back().y, 200.0);
        QString why;
        QVERIFY2(reloads(level, &why), qPrintable(why));
        m_doc.undoStack()->undo();
        QVERIFY(m_doc.level() == m_network);
    }

    void railsCopiedTogetherKeepTheirJunction()
    {
        const Level copied = extractObjects(m_network, {{ObjectKind::Rail, "main"}, {ObjectKind::Rail, "spur"}});
        QCOMPARE(copied.junctions.size(), std::size_t(1));
        QCOMPARE(copied.junctions.front().id, std::string("siding"));
        QCOMPARE(extractObjects(m_network, {{ObjectKind::Rail, "main"}}).junctions.size(), std::size_t(0));
    }

    void referencesCopyMoveAndDelete()
    {
        const Level copied =
            extractObjects(m_network, {{ObjectKind::Reference, "plan"}, {ObjectKind::Reference, "hill"}});
        QCOMPARE(copied.references.size(), std::size_t(2));
        pasteObjects(m_doc, copied, {5, -5, 0});
        const auto &refs = m_doc.level().references;
        QCOMPARE(refs.size(), std::size_t(4));
        QVERIFY(refs[2].id != "plan" && refs[3].id != "hill" && refs[2].id != refs[3].id);
        QCOMPARE(refs[2].rect[0], 5.0);
        QCOMPARE(refs[2].rect[3], 45.0);
        QCOMPARE(refs[3].translate.x, 15.0);
        QVERIFY(m_told.listChanged(ObjectKind::Reference));
        m_doc.undoStack()->undo();

        // A locked reference stays where it was pinned; the other moves.
        Reference locked = m_network.references[0];
        locked.locked = true;
        changeObject(m_doc, {ObjectKind::Reference, 0}, locked, "lock");
        moveObjects(m_doc, {{ObjectKind::Reference, "plan"}, {ObjectKind::Reference, "hill"}}, {1, 2, 3});
        QCOMPARE(m_doc.level().references[0].rect[0], 0.0);
        QCOMPARE(m_doc.level().references[1].translate.z, 3.0);

        deleteObjects(m_doc, {{ObjectKind::Reference, "hill"}});
        QCOMPARE(m_doc.level().references.size(), std::size_t(1));
        QString why;
        QVERIFY2(reloads(m_doc.level(), &why), qPrintable(why));
        while (m_doc.undoStack()->canUndo()) m_doc.undoStack()->undo();
        QVERIFY(m_doc.level() == m_network);
    }

    void referenceChangesSayWhichPart()
    {
        const Reference before = m_network.references[0];
        Reference after = before;
        after.opacity = 0.5;
        QCOMPARE(changedParts(before, after), ObjectParts(kLookPart));
        after = before;
        after.rect[2] = 300;
        QCOMPARE(changedParts(before, after), ObjectParts(kShapePart));
        after = before;
        after.ground = false;
        QCOMPARE(changedParts(before, after), ObjectParts(kDataPart));
        Junction fork = m_network.junctions[0];
        Junction turned = fork;
        turned.defaultWay = "to_lift";
        QCOMPARE(changedParts(fork, turned), ObjectParts(kDataPart));
    }

    // Random selections of every kind deleted, or copied and pasted: each step saves as a level that
    // loads again, and undoing all of them gives the level back exactly.
    void randomDeletesAndPastesOfEveryKind()
    {
        std::mt19937_64 rng(3939);
        for (int trial = 0; trial < 40; ++trial) {
            init();
            for (int step = 0; step < 6; ++step) {
                const Level &level = m_doc.level();
                std::vector<ObjectId> chosen;
                for (std::size_t k = 0; k < kObjectKindCount; ++k)
                    for (std::size_t i = 0; i < objectCount(level, ObjectKind(k)); ++i)
                        if (std::bernoulli_distribution(0.25)(rng))
                            chosen.push_back({ObjectKind(k), objectIdAt(level, {ObjectKind(k), i})});
                if (std::bernoulli_distribution(0.5)(rng))
                    deleteObjects(m_doc, chosen);
                else
                    pasteObjects(m_doc, extractObjects(level, chosen), {0, 300.0 * (step + 1), 0});
                QString why;
                QVERIFY2(reloads(m_doc.level(), &why),
                         qPrintable(QString("trial %1 step %2: ").arg(trial).arg(step) + why));
            }
            while (m_doc.undoStack()->canUndo()) m_doc.undoStack()->undo();
            QVERIFY2(m_doc.level() == m_network, qPrintable(QString("trial %1: undo all differs").arg(trial)));
        }
    }
};

QTEST_GUILESS_MAIN(TestJunctionReferenceObjects)
#include "test_junction_reference_objects.moc"
