#include "document/editing/junction_editing.h"

#include "document/editing/branch_alignment.h"
#include "document/editing/junction_keeping.h"
#include "document/editing/list_edits.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

QString tr(const char *text) { return QCoreApplication::translate("JunctionEditing", text); }

Junction *findJunction(Level &level, const std::string &id)
{
    for (Junction &j : level.junctions)
        if (j.id == id) return &j;
    return nullptr;
}

double lengthOf(const Level &level, const std::string &rail)
{
    const int i = findRail(level, rail);
    return i < 0 ? 0.0 : geometryOfShape(level.rails[std::size_t(i)])->length();
}

// The junction a rail end is in, as its `at` or a link, or null.
const Junction *junctionWithEnd(const Level &level, const std::string &rail, RailEnd end)
{
    for (const Junction &j : level.junctions) {
        if (j.rail == rail && j.end == end) return &j;
        for (const JunctionLink &l : j.links)
            if (l.rail == rail && l.end == end) return &j;
    }
    return nullptr;
}

std::string freshId(const Level &level)
{
    for (int n = 1;; ++n) {
        const std::string id = "junction" + std::to_string(n);
        if (std::none_of(level.junctions.begin(), level.junctions.end(), [&](const Junction &j) { return j.id == id; }))
            return id;
    }
}

// The arc length on rail `rail` whose point is nearest `world` seen from above.
double nearestS(const Rail &rail, Vec3 world)
{
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const double length = core::totalLength(table);
    auto d2 = [&](double s) {
        const Vec3 p = core::sampleAt(table, s).position;
        return (p.x - world.x) * (p.x - world.x) + (p.y - world.y) * (p.y - world.y);
    };
    constexpr int kSteps = 512;
    int best = 0;
    for (int i = 1; i <= kSteps; ++i)
        if (d2(length * i / kSteps) < d2(length * best / kSteps)) best = i;
    // Golden-section search in the steps around the best one.
    double a = length * std::max(0, best - 1) / kSteps, b = length * std::min(kSteps, best + 1) / kSteps;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double c = b - g * (b - a), d = a + g * (b - a);
        if (d2(c) < d2(d))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2;
}

} // namespace

JunctionsCommand::JunctionsCommand(LevelDocument *document, const QString &text, const Level &after, int mergeKey)
    : QUndoCommand(text), m_document(document), m_before(document->level().junctions), m_after(after.junctions),
      m_mergeKey(mergeKey)
{
    const Level &before = document->level();
    for (std::size_t i = 0; i < before.rails.size() && i < after.rails.size(); ++i)
        if (!(before.rails[i] == after.rails[i]))
            m_rails.push_back({{ObjectKind::Rail, i}, before.rails[i], after.rails[i]});
}

void JunctionsCommand::redo()
{
    std::vector<LevelDocument::Edit> edits;
    for (const auto &c : m_rails) edits.push_back({LevelDocument::Edit::Type::Replace, c.at, c.after});
    for (auto &e : editsBetween(ObjectKind::Junction, m_document->level().junctions, m_after)) edits.push_back(e);
    m_document->apply(edits);
}

void JunctionsCommand::undo()
{
    std::vector<LevelDocument::Edit> edits =
        editsBetween(ObjectKind::Junction, m_document->level().junctions, m_before);
    for (const auto &c : m_rails) edits.push_back({LevelDocument::Edit::Type::Replace, c.at, c.before});
    m_document->apply(edits);
}

bool JunctionsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const JunctionsCommand *>(other);
    if (!next || next->m_mergeKey != m_mergeKey) return false;
    // Rails changed by either: ours keep their "before", theirs bring their "after".
    for (const auto &c : next->m_rails) {
        auto mine = std::find_if(m_rails.begin(), m_rails.end(), [&](const auto &m) { return m.at == c.at; });
        if (mine == m_rails.end())
            m_rails.push_back(c);
        else
            mine->after = c.after;
    }
    m_after = next->m_after;
    return true;
}

std::string joinRailEnd(LevelDocument &document, const std::string &rail, RailEnd end, const std::string &target,
                        double s, double endSlack, bool tangent)
{
    const Level &level = document.level();
    const int r = findRail(level, rail), t = findRail(level, target);
    if (r < 0 || t < 0) return "no such rail";
    if (rail == target) return "a rail cannot be joined to itself here";
    if (level.rails[std::size_t(r)].closed) return "rail '" + rail + "' is closed: it has no ends";
    if (const Junction *j = junctionWithEnd(level, rail, end))
        return "that end of rail '" + rail + "' is already in junction '" + j->id + "'";
    const Rail &trunk = level.rails[std::size_t(t)];
    const double length = lengthOf(level, target);
    std::optional<RailEnd> targetEnd;
    if (!trunk.closed && s <= endSlack) targetEnd = RailEnd::Start;
    if (!trunk.closed && s >= length - endSlack) targetEnd = RailEnd::End;
    Level after = level;
    Junction *joined = nullptr;
    if (targetEnd) {
        // The target's end: the junction already there, whether that end is its `at` or a link.
        for (Junction &j : after.junctions) {
            if (j.rail == target && j.end == targetEnd) joined = &j;
            for (const JunctionLink &l : j.links)
                if (l.rail == target && l.end == *targetEnd) joined = &j;
        }
    } else {
        for (Junction &j : after.junctions)
            if (j.rail == target && !j.end && std::abs(j.s - s) <= endSlack) joined = &j;
    }
    if (joined &&
        std::any_of(joined->links.begin(), joined->links.end(), [&](const JunctionLink &l) { return l.rail == rail; }))
        return "junction '" + joined->id + "' already links rail '" + rail + "'";
    if (!joined) {
        Junction j;
        j.id = freshId(level);
        j.rail = target;
        j.end = targetEnd;
        j.s = targetEnd ? 0.0 : s;
        after.junctions.push_back(j);
        joined = &after.junctions.back();
    }
    joined->links.push_back({rail, end});
    // The joined end lands on the junction's point exactly (no height jump).
    if (const auto point = junctionPlace(after, *joined)) {
        Rail &moving = after.rails[std::size_t(r)];
        (end == RailEnd::Start ? moving.points.front() : moving.points.back()) = *point;
        // Along the junction's own rail (the target, or the rail whose end the target's end joins).
        const int way = findRail(after, joined->rail);
        if (tangent && way >= 0 && way != r) {
            const double trunkS = !joined->end                     ? joined->s
                                  : *joined->end == RailEnd::Start ? 0.0
                                                                   : lengthOf(after, joined->rail);
            alignBranchEnd(moving, end, after.rails[std::size_t(way)], trunkS);
        }
    }
    document.undoStack()->push(new JunctionsCommand(
        &document,
        tr("Join rail %1 to %2 at junction %3")
            .arg(QString::fromStdString(rail), QString::fromStdString(target), QString::fromStdString(joined->id)),
        after));
    return {};
}

bool cycleJunctionDefault(LevelDocument &document, const std::string &id)
{
    Level after = document.level();
    Junction *j = findJunction(after, id);
    if (!j) return false;
    const std::vector<JunctionWay> ways = junctionWays(*j, [&](const std::string &r) { return lengthOf(after, r); });
    if (ways.size() < 2) return false;
    const std::size_t next = (defaultWayIndex(*j, ways) + 1) % ways.size();
    j->defaultWay = ways[next].rail;
    document.undoStack()->push(new JunctionsCommand(
        &document, tr("Junction %1: default %2").arg(QString::fromStdString(id), QString::fromStdString(j->defaultWay)),
        after));
    return true;
}

bool moveJunction(LevelDocument &document, const std::string &id, Vec3 world, int mergeKey)
{
    Level after = document.level();
    Junction *j = findJunction(after, id);
    if (!j) return false;
    const int t = findRail(after, j->rail);
    if (t < 0) return false;
    Rail &trunk = after.rails[std::size_t(t)];
    if (j->end) {
        Vec3 &point = *j->end == RailEnd::Start ? trunk.points.front() : trunk.points.back();
        point.x = world.x;
        point.y = world.y;
    } else {
        j->s = nearestS(trunk, world);
    }
    snapLinkedEnds(after, document.level(), {j->rail});
    if (after == document.level()) return false;
    document.undoStack()->push(
        new JunctionsCommand(&document, tr("Move junction %1").arg(QString::fromStdString(id)), after, mergeKey));
    return true;
}

bool deleteJunction(LevelDocument &document, const std::string &id)
{
    Level after = document.level();
    const auto it =
        std::find_if(after.junctions.begin(), after.junctions.end(), [&](const Junction &j) { return j.id == id; });
    if (it == after.junctions.end()) return false;
    after.junctions.erase(it);
    document.undoStack()->push(
        new JunctionsCommand(&document, tr("Delete junction %1").arg(QString::fromStdString(id)), after));
    return true;
}

} // namespace railforge::document
