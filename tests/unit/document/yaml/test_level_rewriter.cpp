// Saving over a file's own text (level_rewriter.h): what an edit did not touch keeps its bytes, so a
// level in git shows only the edit in a diff, and designers' comments survive every save.
#include "document/editing/level_document.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/files/level_file.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <random>
#include <set>

using namespace railforge::document;
using railforge::core::Vec3;

namespace {

QString source(const QString &relative) { return QStringLiteral(RAILFORGE_SOURCE_DIR "/") + relative; }

std::string readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

std::vector<std::string> linesOf(const std::string &text)
{
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        lines.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return lines;
}

// The lines of `before` and `after` outside their common head and tail: what `diff` would show.
struct LineDiff {
    std::vector<std::string> removed;
    std::vector<std::string> added;
};

LineDiff diffLines(const std::string &before, const std::string &after)
{
    const auto a = linesOf(before);
    const auto b = linesOf(after);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
    LineDiff diff;
    diff.removed.assign(a.begin() + std::ptrdiff_t(head), a.end() - std::ptrdiff_t(tail));
    diff.added.assign(b.begin() + std::ptrdiff_t(head), b.end() - std::ptrdiff_t(tail));
    return diff;
}

std::string describe(const LineDiff &diff)
{
    std::string out;
    for (const auto &line : diff.removed) out += "\n- " + line;
    for (const auto &line : diff.added) out += "\n+ " + line;
    return out;
}

// A level document opened on a copy of a file, as the editor opens it.
struct OpenLevel {
    QTemporaryDir dir;
    LevelDocument document;
    QString path;

    explicit OpenLevel(const QString &file)
    {
        path = dir.filePath(QFileInfo(file).fileName());
        QFile::copy(file, path);
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const LoadResult loaded = document.load(path);
        if (!loaded.level) qFatal("cannot load %s", qPrintable(file));
    }
    std::string saved()
    {
        QString error;
        if (!document.save({}, &error)) qFatal("save failed: %s", qPrintable(error));
        return readText(path);
    }
};

// The comments of commented.yaml that belong to a whole object, by the object they belong to.
const std::vector<std::pair<std::string, ObjectId>> kObjectComments = {
    {"c:w1", {ObjectKind::Waypoint, "w1"}},     {"c:w2", {ObjectKind::Waypoint, "w2"}},
    {"c:w3", {ObjectKind::Waypoint, "w3"}},     {"c:w4 after", {ObjectKind::Waypoint, "w4"}},
    {"c:rock", {ObjectKind::Obstacle, "rock"}}, {"c:pillar", {ObjectKind::Obstacle, "pillar"}},
    {"c:zip a", {ObjectKind::Rail, "zip"}},     {"c:coaster", {ObjectKind::Rail, "coaster"}},
    {"c:guard", {ObjectKind::Patrol, "guard"}},
};

bool hasObject(const Level &level, const ObjectId &id) { return findObject(level, id).has_value(); }

bool hasEdge(const Level &level, const std::string &from, const std::string &to)
{
    for (const Edge &e : level.edges)
        if (e.from == from && e.to == to) return true;
    return false;
}

// Random edits through the document API, as a designer's session makes them.
class RandomEditor {
public:
    explicit RandomEditor(unsigned seed) : m_random(seed) {}

    std::string log;                              // the edits made, for failure messages
    std::map<std::string, std::string> renamedTo; // an object's first id -> its id now

    // The id `first` has now.
    std::string now(const std::string &first) const
    {
        const auto at = renamedTo.find(first);
        return at == renamedTo.end() ? first : at->second;
    }

    void edit(LevelDocument &doc, int step)
    {
        const Level &level = doc.level();
        auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(m_random); };
        auto coordinate = [&] { return double(std::uniform_int_distribution<int>(-400, 400)(m_random)) / 8.0; };
        switch (pick(14)) {
        case 0:
            if (!level.waypoints.empty()) {
                const std::string id = level.waypoints[pick(level.waypoints.size())].id;
                moveObjects(doc, {{ObjectKind::Waypoint, id}}, Vec3{coordinate(), coordinate(), 0});
                log += " move " + id;
            }
            break;
        case 1:
            if (!level.rails.empty()) {
                const Rail &rail = level.rails[pick(level.rails.size())];
                moveRailPoint(doc, rail.id, pick(rail.points.size()), Vec3{coordinate(), coordinate(), 1});
                log += " move-point " + rail.id;
            }
            break;
        case 2:
            if (!level.rails.empty()) {
                const Rail &rail = level.rails[pick(level.rails.size())];
                insertRailPoint(doc, rail.id, 1 + pick(rail.points.size() - 1), Vec3{coordinate(), coordinate(), 0});
                log += " insert-point " + rail.id;
            }
            break;
        case 3: log += " add " + addWaypoint(doc, Vec3{coordinate(), coordinate(), 0}); break;
        case 4:
            if (level.waypoints.size() >= 2) {
                const std::string a = level.waypoints[pick(level.waypoints.size())].id;
                const std::string b = level.waypoints[pick(level.waypoints.size())].id;
                if (connectWaypoints(doc, a, b, pick(2) == 0)) log += " connect " + a + "-" + b;
            }
            break;
        case 5:
            if (!level.waypoints.empty() && pick(3) == 0) {
                const std::string id = level.waypoints[pick(level.waypoints.size())].id;
                deleteObjects(doc, {{ObjectKind::Waypoint, id}});
                log += " delete " + id;
            }
            break;
        case 6:
            if (!level.waypoints.empty()) {
                const std::size_t i = pick(level.waypoints.size());
                Waypoint w = level.waypoints[i];
                w.properties.push_back({"note" + std::to_string(step), PropertyValue(std::string("seen"))});
                changeObject(doc, {ObjectKind::Waypoint, i}, w, "Add property");
                log += " property " + w.id;
            }
            break;
        case 7:
            if (addRail(doc, {Vec3{coordinate(), 0, 0}, Vec3{coordinate(), 9, 0}}, false)) log += " add-rail";
            break;
        case 8: {
            LevelInfo info = level.info;
            info.name = "Yard " + std::to_string(step);
            setLevelInfo(doc, info);
            log += " rename-level";
            break;
        }
        case 9: {
            const std::vector<ObjectId> named = namedObjects(level);
            const ObjectId object = named[pick(named.size())];
            std::string error;
            if (renameObject(doc, object, object.id + "x", &error)) {
                renamed(object.id, object.id + "x");
                log += " rename " + object.id;
            }
            break;
        }
        case 10:
            if (!level.rails.empty() && pick(3) == 0) {
                const std::string id = level.rails[pick(level.rails.size())].id;
                deleteObjects(doc, {{ObjectKind::Rail, id}});
                log += " delete-rail " + id;
            } else if (!level.obstacles.empty() && pick(2) == 0) {
                const std::string id = level.obstacles[pick(level.obstacles.size())].id;
                deleteObjects(doc, {{ObjectKind::Obstacle, id}});
                log += " delete-obstacle " + id;
            } else if (!level.patrols.empty() && pick(2) == 0) {
                const std::string id = level.patrols[pick(level.patrols.size())].id;
                deleteObjects(doc, {{ObjectKind::Patrol, id}});
                log += " delete-patrol " + id;
            }
            break;
        case 11:
            if (!level.rails.empty()) {
                const Rail &rail = level.rails[pick(level.rails.size())];
                const std::size_t point = pick(rail.points.size());
                switch (pick(4)) {
                case 0: setRailPointTilt(doc, rail.id, point, coordinate()); break;
                case 1: setRailHandleMode(doc, rail.id, point, HandleMode(pick(5))); break;
                case 2: setRailSpline(doc, rail.id, SplineKind(pick(3))); break;
                default: removeRailPoint(doc, rail.id, point); break;
                }
                log += " shape " + rail.id;
            }
            break;
        case 12: {
            const std::vector<ObjectId> named = namedObjects(level);
            const ObjectId object = named[pick(named.size())];
            moveObjects(doc, {object}, Vec3{coordinate(), 0, coordinate()});
            log += " move-any " + object.id;
            break;
        }
        case 13:
            if (!level.patrols.empty()) {
                const std::size_t i = pick(level.patrols.size());
                Patrol patrol = level.patrols[i];
                if (!patrol.smoothing.empty() && pick(2) == 0) {
                    SmoothingStep &step0 = patrol.smoothing[pick(patrol.smoothing.size())];
                    step0.enabled = !step0.enabled;
                } else {
                    patrol.smoothing.push_back({"chaikin", {{"iterations", PropertyValue(std::int64_t(1 + pick(4)))}}});
                }
                patrol.mode = PatrolMode(pick(3));
                changeObject(doc, {ObjectKind::Patrol, i}, patrol, "Change patrol");
                log += " pipeline " + patrol.id;
            }
            break;
        }
    }

private:
    void renamed(const std::string &from, const std::string &to)
    {
        for (auto &[first, current] : renamedTo)
            if (current == from) {
                current = to;
                return;
            }
        renamedTo[from] = to;
    }

    static std::vector<ObjectId> namedObjects(const Level &level)
    {
        std::vector<ObjectId> named;
        for (const Waypoint &w : level.waypoints) named.push_back({ObjectKind::Waypoint, w.id});
        for (const Obstacle &o : level.obstacles) named.push_back({ObjectKind::Obstacle, o.id});
        for (const Rail &r : level.rails) named.push_back({ObjectKind::Rail, r.id});
        for (const Patrol &p : level.patrols) named.push_back({ObjectKind::Patrol, p.id});
        return named;
    }

    std::mt19937 m_random;
};

} // namespace

class TestLevelRewriter : public QObject {
    Q_OBJECT
private slots:
    void unchangedLevelsSaveByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &folder : {QStringLiteral("resources/levels"), QStringLiteral("tests/data/levels")}) {
            const QDir dir(source(folder));
            for (const QString &name : dir.entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
                if (!loadLevelFile(dir.filePath(name)).level) continue; // broken.yaml and friends
                QTest::newRow(qPrintable(folder + "/" + name)) << dir.filePath(name);
            }
        }
    }
    void unchangedLevelsSaveByteForByte()
    {
        QFETCH(QString, file);
        OpenLevel open(file);
        std::string original = readText(file);
        if (original.rfind("\xEF\xBB\xBF", 0) == 0) original.erase(0, 3); // a byte-order mark is never written
        QCOMPARE(open.saved(), original);
    }

    void movingOneWaypointChangesOneLine()
    {
        OpenLevel open(source("resources/levels/demo.yaml"));
        const std::string before = readText(open.path);
        moveObjects(open.document, {{ObjectKind::Waypoint, "gate"}}, Vec3{1.25, 0, 0});
        const std::string after = open.saved();
        const LineDiff diff = diffLines(before, after);
        QVERIFY2(diff.removed.size() == 1 && diff.added.size() == 1, describe(diff).c_str());
        QCOMPARE(diff.added.front(), std::string("  - {id: gate, position: [27.25, 2, 0], properties: {tag: entrance, "
                                                 "wait: 3.0, colour: \"#2E86DE\"}}"));
        QCOMPARE(*loadLevelFile(open.path).level, open.document.level());
    }

    void movingOneRailPointKeepsTheOtherSpellings()
    {
        OpenLevel open(source("tests/data/levels/commented.yaml"));
        const std::string before = readText(open.path);
        moveRailPoint(open.document, "coaster", 1, Vec3{11, 25, 2});
        const LineDiff diff = diffLines(before, open.saved());
        QVERIFY2(diff.removed.size() == 1 && diff.added.size() == 1, describe(diff).c_str());
        QCOMPARE(diff.added.front(),
                 std::string("      - {at: [11, 25, 2], in: [-2, 0, 0], out: [2, 0, 0], mode: mirrored, tilt: 15}"));
    }

    void addingARailOnlyAddsLines()
    {
        OpenLevel open(source("resources/levels/demo.yaml"));
        const std::string before = readText(open.path);
        QVERIFY(addRail(open.document, {Vec3{0, 0, 0}, Vec3{5, 5, 0}, Vec3{10, 0, 0}}, false));
        const LineDiff diff = diffLines(before, open.saved());
        QVERIFY2(diff.removed.empty() && diff.added.size() >= 4, describe(diff).c_str());
        QCOMPARE(*loadLevelFile(open.path).level, open.document.level());
    }

    // A rail the editor or a tool adds is written one control point a line, so a later move of one of
    // its points is a one-line change (files that list points on one line keep that layout).
    void aNewRailIsWrittenOnePointALine()
    {
        OpenLevel open(source("resources/levels/demo.yaml"));
        const std::size_t rail = open.document.level().rails.size();
        QVERIFY(addRail(open.document, {Vec3{0, 0, 0}, Vec3{5, 5, 1}, Vec3{10, 0, 0}, Vec3{15, 2, 0}}, false));
        const std::string withRail = open.saved();
        const LineDiff added = diffLines(readText(source("resources/levels/demo.yaml")), withRail);
        QVERIFY2(std::count(added.added.begin(), added.added.end(), std::string("      - [5, 5, 1]")) == 1,
                 describe(added).c_str());
        const std::string id = open.document.level().rails[rail].id;
        moveRailPoint(open.document, id, 2, Vec3{10, 1.5, 0});
        const LineDiff diff = diffLines(withRail, open.saved());
        QVERIFY2(diff.removed.size() == 1 && diff.added.size() == 1, describe(diff).c_str());
        QCOMPARE(diff.removed.front(), std::string("      - [10, 0, 0]"));
        QCOMPARE(diff.added.front(), std::string("      - [10, 1.5, 0]"));
        QCOMPARE(*loadLevelFile(open.path).level, open.document.level());
    }

    void deletingAnObjectTakesItsCommentsAndNothingElse()
    {
        OpenLevel open(source("tests/data/levels/commented.yaml"));
        const std::string before = readText(open.path);
        deleteObjects(open.document, {{ObjectKind::Obstacle, "rock"}});
        const LineDiff diff = diffLines(before, open.saved());
        QVERIFY2(diff.added.empty() && diff.removed.size() == 2, describe(diff).c_str());
        QCOMPARE(diff.removed.front(), std::string("  # c:rock"));
    }

    void renamingAWaypointKeepsItsCommentsWithIt()
    {
        OpenLevel open(source("tests/data/levels/commented.yaml"));
        std::string error;
        QVERIFY(renameObject(open.document, {ObjectKind::Waypoint, "w2"}, "dock", &error));
        const std::string after = open.saved();
        QVERIFY(after.find("  - {id: dock, position: [10.50, 0, 0], properties: {wait: 2.0}}  # c:w2 spelled") !=
                std::string::npos);
        QVERIFY(after.find("  - {from: w1, to: dock}  # c:e12") != std::string::npos);
        QCOMPARE(*loadLevelFile(open.path).level, open.document.level());
    }

    void addingAPropertyToABlockObjectAddsALine()
    {
        OpenLevel open(source("tests/data/levels/commented.yaml"));
        const std::string before = readText(open.path);
        const auto at = *findObject(open.document.level(), {ObjectKind::Patrol, "guard"});
        Patrol guard = open.document.level().patrols[at.index];
        guard.properties.push_back({"speed", PropertyValue(2.5)});
        changeObject(open.document, at, guard, "Change property");
        const LineDiff diff = diffLines(before, open.saved());
        QVERIFY2(diff.removed.empty() && diff.added.size() == 1, describe(diff).c_str());
        QCOMPARE(diff.added.front(), std::string("    properties: {speed: 2.5}"));
    }

    void crlfFilesKeepTheirLineEnds()
    {
        std::string text = readText(source("tests/data/levels/commented.yaml"));
        std::string crlf;
        for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        const LoadResult loaded = readLevel(crlf, "crlf.yaml");
        QVERIFY(loaded.level);
        Level level = *loaded.level;
        level.waypoints[0].position.x = 3;
        const RewrittenLevel rewritten = rewriteLevel(crlf, level);
        QVERIFY(rewritten.keptPreviousText);
        const LineDiff diff = diffLines(crlf, rewritten.text);
        QVERIFY2(diff.removed.size() == 1 && diff.added.size() == 1, describe(diff).c_str());
        QCOMPARE(diff.added.front(), std::string("  - {id: w1, position: [3, 0, 0]}\r"));
    }

    void anUnknownLayoutFallsBackToTheCanonicalWriting()
    {
        // A whole level in flow style cannot be edited line by line: written canonically, still exact.
        const std::string flow =
            "{railforge: 1, level: {name: F, units: m}, waypoints: [{id: a, position: [0, 0, 0]}]}";
        Level level = *readLevel(flow, "flow.yaml").level;
        level.waypoints[0].position.y = 4;
        const RewrittenLevel rewritten = rewriteLevel(flow, level);
        QVERIFY(!rewritten.keptPreviousText);
        QCOMPARE(rewritten.text, writeLevel(level));
    }

    // Every level shipped or tested keeps its layout through random edits: each save reads back to the
    // document, keeps the previous text, and keeps every comment line of the file it was saved over
    // unless an edit deleted that comment's object.
    void everyLevelKeepsItsLayoutUnderRandomEdits_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<unsigned>("seed");
        for (const QString &folder : {QStringLiteral("resources/levels"), QStringLiteral("tests/data/levels")}) {
            const QDir dir(source(folder));
            for (const QString &name : dir.entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
                if (!loadLevelFile(dir.filePath(name)).level) continue;
                for (unsigned seed = 1; seed <= 12; ++seed)
                    QTest::newRow(qPrintable(folder + "/" + name + " " + QString::number(seed)))
                        << dir.filePath(name) << seed;
            }
        }
    }
    void everyLevelKeepsItsLayoutUnderRandomEdits()
    {
        QFETCH(QString, file);
        QFETCH(unsigned, seed);
        OpenLevel open(file);
        RandomEditor editor(seed);
        for (int step = 0; step < 20; ++step) {
            editor.edit(open.document, step);
            const RewrittenLevel rewritten = rewriteLevel(open.document.fileText(), open.document.level());
            QVERIFY2(rewritten.keptPreviousText, ("fell back to the canonical writing after:" + editor.log).c_str());
            const std::string text = open.saved();
            const LoadResult reread = readLevel(text, "saved.yaml");
            QVERIFY2(reread.level && *reread.level == open.document.level(),
                     ("reads back differently after:" + editor.log).c_str());
        }
    }

    // 20 random edits through the document API, saved after each: every save reads back to the document,
    // keeps the previous text, and keeps the comment of every object still there.
    void commentsSurviveRandomEdits_data()
    {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 100; ++seed) QTest::newRow(qPrintable(QString::number(seed))) << seed;
    }
    void commentsSurviveRandomEdits()
    {
        QFETCH(unsigned, seed);
        OpenLevel open(source("tests/data/levels/commented.yaml"));
        LevelDocument &doc = open.document;
        RandomEditor editor(seed);
        std::set<std::string> gone; // comments whose object was deleted
        for (int step = 0; step < 20; ++step) {
            editor.edit(doc, step);
            const RewrittenLevel rewritten = rewriteLevel(doc.fileText(), doc.level());
            QVERIFY2(rewritten.keptPreviousText, ("fell back to the canonical writing after:" + editor.log).c_str());
            const std::string text = open.saved();
            QCOMPARE(text, rewritten.text);
            const LoadResult reread = readLevel(text, "saved.yaml");
            QVERIFY2(reread.level && *reread.level == doc.level(),
                     ("reads back differently after:" + editor.log).c_str());
            // An object deleted once takes its comment with it, even when a later one gets its id.
            for (const auto &[comment, first] : kObjectComments) {
                const ObjectId owner{first.kind, editor.now(first.id)};
                if (!hasObject(doc.level(), owner)) gone.insert(comment);
                if (!gone.count(comment))
                    QVERIFY2(text.find(comment) != std::string::npos,
                             ("lost '" + comment + "' after:" + editor.log + "\n" + text).c_str());
            }
            if (!hasEdge(doc.level(), editor.now("w1"), editor.now("w2"))) gone.insert("c:e12");
            if (!gone.count("c:e12")) QVERIFY(text.find("# c:e12") != std::string::npos);
            QVERIFY(text.find("# c:end of the file") != std::string::npos);
            QVERIFY(text.find("# c:level") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestLevelRewriter)
#include "test_level_rewriter.moc"
