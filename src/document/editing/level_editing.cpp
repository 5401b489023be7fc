#include "document/editing/level_editing.h"

#include "document/checks/edit_rules.h"
#include "document/editing/add_remove_objects_command.h"
#include "document/editing/change_document_value_command.h"
#include "document/editing/change_objects_command.h"
#include "document/editing/junction_keeping.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <set>

namespace railforge::document {
namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("LevelEditing", text, disambiguation, n);
}

using Item = AddRemoveObjectsCommand::Item;
using Change = ChangeObjectsCommand::Change;

void pushAdd(LevelDocument &document, const QString &text, std::vector<Item> items)
{
    document.undoStack()->push(
        new AddRemoveObjectsCommand(&document, text, AddRemoveObjectsCommand::Direction::Add, std::move(items)));
}

std::set<std::string> idsOf(const Level &level, ObjectKind kind)
{
    std::set<std::string> ids;
    for (std::size_t i = 0; i < objectCount(level, kind); ++i) ids.insert(objectIdAt(level, {kind, i}));
    return ids;
}

// A position kept inside the level's coordinate range (number_limits.h): a drag past the edge of the
// world stops at it, so no edit makes a level its own file cannot hold.
Vec3 withinLevel(Vec3 p)
{
    auto clamp = [](double v) { return std::clamp(v, -kMaxCoordinate, kMaxCoordinate); };
    return {clamp(p.x), clamp(p.y), clamp(p.z)};
}

// The smallest and largest coordinate of every point an object holds, per axis.
void extendBounds(const AnyObject &object, Vec3 &low, Vec3 &high)
{
    auto add = [&](Vec3 p) {
        low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
        high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
    };
    if (const auto *w = std::get_if<Waypoint>(&object)) add(w->position);
    if (const auto *r = std::get_if<Rail>(&object))
        for (const Vec3 &p : r->points) add(p);
    if (const auto *o = std::get_if<Obstacle>(&object)) {
        if (o->shape == Obstacle::Shape::Circle)
            add({o->circle.center.x, o->circle.center.y, 0});
        else
            for (const Point2 &p : o->polygon) add({p.x, p.y, 0});
    }
    if (const auto *r = std::get_if<Reference>(&object)) {
        if (r->kind == ReferenceKind::Mesh) {
            add(r->translate);
        } else {
            add({r->rect[0], r->rect[1], 0});
            add({r->rect[2], r->rect[3], 0});
        }
    }
    // A junction has no place of its own: it sits where its rails meet, and moves with them.
}

// `delta` shortened, axis by axis, so that points within [low, high] stay inside the coordinate range
// after it: a group dragged against the edge of the world stops there as one piece.
Vec3 deltaWithinLevel(Vec3 delta, Vec3 low, Vec3 high)
{
    auto clamp = [](double d, double lo, double hi) {
        const double down = -kMaxCoordinate - lo;
        const double up = kMaxCoordinate - hi;
        return down > up ? 0.0 : std::clamp(d, std::min(down, 0.0), std::max(up, 0.0));
    };
    return {clamp(delta.x, low.x, high.x), clamp(delta.y, low.y, high.y), clamp(delta.z, low.z, high.z)};
}

// A moved copy of an object.
AnyObject moved(AnyObject object, Vec3 delta)
{
    if (auto *w = std::get_if<Waypoint>(&object)) w->position += delta;
    if (auto *r = std::get_if<Rail>(&object))
        for (auto &p : r->points) p += delta;
    if (auto *o = std::get_if<Obstacle>(&object)) {
        for (auto &p : o->polygon) p = {p.x + delta.x, p.y + delta.y};
        o->circle.center = {o->circle.center.x + delta.x, o->circle.center.y + delta.y};
    }
    if (auto *r = std::get_if<Reference>(&object)) {
        // A mesh moves by its translation; an image or heightmap by its rectangle (a heightmap's
        // heights with it), so the level keeps lying on the ground it was drawn on.
        // Only the fields its kind has change: the file keeps no others, so they must stay default.
        if (r->kind == ReferenceKind::Mesh) {
            r->translate += delta;
        } else {
            r->rect = {r->rect[0] + delta.x, r->rect[1] + delta.y, r->rect[2] + delta.x, r->rect[3] + delta.y};
            if (r->kind == ReferenceKind::Heightmap) r->zRange = {r->zRange[0] + delta.z, r->zRange[1] + delta.z};
        }
    }
    return object;
}

} // namespace

std::string uniqueId(const Level &level, ObjectKind kind, const std::string &prefix)
{
    const std::set<std::string> taken = idsOf(level, kind);
    for (std::size_t n = objectCount(level, kind) + 1;; ++n) {
        std::string id = prefix + std::to_string(n);
        if (!taken.count(id)) return id;
    }
}

std::string addWaypoint(LevelDocument &document, Vec3 position)
{
    const Level &level = document.level();
    Waypoint w{uniqueId(level, ObjectKind::Waypoint, "w"), position, {}};
    const std::string id = w.id;
    pushAdd(document, tr("Add waypoint %1").arg(QString::fromStdString(id)),
            {{{ObjectKind::Waypoint, level.waypoints.size()}, std::move(w)}});
    return id;
}

bool connectWaypoints(LevelDocument &document, const std::string &from, const std::string &to, bool bidirectional)
{
    const Level &level = document.level();
    if (!whyCannotConnect(level, from, to, bidirectional).empty()) return false;
    Edge edge{from, to, bidirectional, std::nullopt, {}};
    pushAdd(document,
            tr("Connect %1 %2 %3")
                .arg(QString::fromStdString(from), bidirectional ? "\u2194" : "\u2192", QString::fromStdString(to)),
            {{{ObjectKind::Edge, level.edges.size()}, std::move(edge)}});
    return true;
}

std::optional<std::string> addRail(LevelDocument &document, std::vector<Vec3> points, bool closed)
{
    if (points.size() < 2) return std::nullopt;
    const Level &level = document.level();
    Rail rail;
    rail.id = uniqueId(level, ObjectKind::Rail, "rail");
    rail.points = std::move(points);
    rail.closed = closed && rail.points.size() >= 3;
    rail.frame = FrameMode::Upright; // tilt 0 is level, as a designer expects (core/frames.h)
    const std::string id = rail.id;
    pushAdd(document, tr("Draw rail %1").arg(QString::fromStdString(id)),
            {{{ObjectKind::Rail, level.rails.size()}, std::move(rail)}});
    return id;
}

std::string addObstacle(LevelDocument &document, Obstacle obstacle)
{
    const Level &level = document.level();
    obstacle.id = uniqueId(level, ObjectKind::Obstacle, obstacle.shape == Obstacle::Shape::Circle ? "circle" : "block");
    const std::string id = obstacle.id;
    pushAdd(document, tr("Add obstacle %1").arg(QString::fromStdString(id)),
            {{{ObjectKind::Obstacle, level.obstacles.size()}, std::move(obstacle)}});
    return id;
}

std::optional<std::string> addPatrol(LevelDocument &document, std::vector<std::string> stops)
{
    const Level &level = document.level();
    if (stops.size() < 2) return std::nullopt;
    for (const auto &s : stops)
        if (!findObject(level, {ObjectKind::Waypoint, s})) return std::nullopt;
    Patrol patrol;
    patrol.id = uniqueId(level, ObjectKind::Patrol, "patrol");
    patrol.stops = std::move(stops);
    const std::string id = patrol.id;
    pushAdd(document, tr("Add patrol %1").arg(QString::fromStdString(id)),
            {{{ObjectKind::Patrol, level.patrols.size()}, std::move(patrol)}});
    return id;
}

void moveObjects(LevelDocument &document, const std::vector<ObjectId> &objects, Vec3 delta, int mergeKey,
                 const std::function<double(Vec3 moved)> &waypointHeight)
{
    const Level &level = document.level();
    std::vector<Change> changes;
    Vec3 low{kMaxCoordinate, kMaxCoordinate, kMaxCoordinate};
    Vec3 high = -low;
    for (const ObjectId &id : objects) {
        // Edges and patrols follow their waypoints, junctions their rails.
        if (id.kind == ObjectKind::Edge || id.kind == ObjectKind::Patrol || id.kind == ObjectKind::Junction) continue;
        auto at = findObject(level, id);
        if (!at) continue;
        // A locked reference stays where the designer pinned it.
        if (id.kind == ObjectKind::Reference && level.references[at->index].locked) continue;
        AnyObject before = objectAt(level, *at);
        extendBounds(before, low, high);
        changes.push_back({*at, before, before});
    }
    if (changes.empty()) return;
    delta = deltaWithinLevel(delta, low, high);
    for (Change &change : changes) {
        change.after = moved(change.before, delta);
        if (auto *w = std::get_if<Waypoint>(&change.after); w && waypointHeight)
            w->position.z = withinLevel({0, 0, waypointHeight(w->position)}).z;
    }
    document.undoStack()->push(new ChangeObjectsCommand(&document, tr("Move %n object(s)", "", int(changes.size())),
                                                        std::move(changes), mergeKey));
}

std::string moveRailPoint(LevelDocument &document, const std::string &rail, std::size_t point, Vec3 position,
                          int mergeKey)
{
    auto at = findObject(document.level(), {ObjectKind::Rail, rail});
    if (!at) return "no such rail";
    Rail before = document.level().rails[at->index];
    if (point >= before.points.size()) return "no such point";
    Rail after = before;
    after.points[point] = withinLevel(position);
    if (std::string why = whyRailPointsTooClose(after); !why.empty()) return why;
    document.undoStack()->push(
        new ChangeObjectsCommand(&document, tr("Move rail point"), {{*at, before, after}}, mergeKey));
    return {};
}

std::string insertRailPoint(LevelDocument &document, const std::string &rail, std::size_t point, Vec3 position)
{
    auto at = findObject(document.level(), {ObjectKind::Rail, rail});
    if (!at) return "no such rail";
    Rail before = document.level().rails[at->index];
    Rail after = before;
    after.points.insert(after.points.begin() + std::ptrdiff_t(std::min(point, after.points.size())),
                        withinLevel(position));
    insertPointExtras(after, point);
    if (std::string why = whyRailPointsTooClose(after); !why.empty()) return why;
    document.undoStack()->push(new ChangeObjectsCommand(&document, tr("Insert rail point"), {{*at, before, after}}));
    return {};
}

bool removeRailPoint(LevelDocument &document, const std::string &rail, std::size_t point,
                     std::vector<std::string> *removedJunctions)
{
    auto at = findObject(document.level(), {ObjectKind::Rail, rail});
    if (!at) return false;
    Rail before = document.level().rails[at->index];
    if (point >= before.points.size() || !whyRailPointCannotGo(before).empty()) return false;
    Rail after = before;
    const double erasedS =
        before.channels.empty() ? 0.0 : pointArcLength(geometryOfShape(before)->table(), before.points.size(), point);
    after.points.erase(after.points.begin() + std::ptrdiff_t(point));
    erasePointExtras(after, point, erasedS);
    if (!whyRailCannotClose(after).empty()) after.closed = false;
    auto *command = new ChangeObjectsCommand(&document, tr("Delete rail point"), {{*at, before, after}});
    if (removedJunctions) *removedJunctions = command->removedJunctions();
    document.undoStack()->push(command);
    return true;
}

DeleteReport deleteObjects(LevelDocument &document, const std::vector<ObjectId> &objects)
{
    const Level &level = document.level();
    DeleteReport report;
    std::set<std::string> waypoints, agents;
    std::set<ObjectIndex, decltype([](const ObjectIndex &a, const ObjectIndex &b) {
                 return std::pair(int(a.kind), a.index) < std::pair(int(b.kind), b.index);
             })>
        doomed;
    for (const ObjectId &id : objects) {
        if (auto at = findObject(level, id)) {
            if (doomed.insert(*at).second) ++report.deleted;
            if (id.kind == ObjectKind::Waypoint) waypoints.insert(id.id);
            if (id.kind == ObjectKind::Agent) agents.insert(id.id);
        }
    }
    for (std::size_t i = 0; i < level.edges.size(); ++i)
        if (waypoints.count(level.edges[i].from) || waypoints.count(level.edges[i].to))
            if (doomed.insert({ObjectKind::Edge, i}).second) ++report.edgesWithWaypoints;
    std::vector<Change> patrolChanges;
    for (std::size_t i = 0; i < level.patrols.size(); ++i) {
        const Patrol &p = level.patrols[i];
        if (doomed.count({ObjectKind::Patrol, i})) continue;
        Patrol after = p;
        std::erase_if(after.stops, [&](const std::string &s) { return waypoints.count(s) != 0; });
        // Removing a stop can leave the same waypoint twice in a row: walk it once.
        after.stops.erase(std::unique(after.stops.begin(), after.stops.end()), after.stops.end());
        // A patrol whose agent goes is walked by no one in particular, on the graph as before agents.
        if (agents.count(after.agent)) {
            after.agent.clear();
            after.follow = PatrolFollow::Graph;
            report.patrolsWithoutAgent.push_back(p.id);
        }
        if (after == p) continue;
        if (!whyTooFewStops(after.stops.size()).empty()) {
            doomed.insert({ObjectKind::Patrol, i});
            report.patrolsRemoved.push_back(p.id);
        } else {
            patrolChanges.push_back({{ObjectKind::Patrol, i}, p, after});
            if (after.stops != p.stops) report.patrolsShortened.push_back(p.id);
        }
    }
    if (doomed.empty()) return report;
    std::vector<std::string> rails;
    std::set<std::string> junctionsAskedFor;
    for (const ObjectIndex &at : doomed) {
        if (at.kind == ObjectKind::Rail) rails.push_back(level.rails[at.index].id);
        if (at.kind == ObjectKind::Junction) junctionsAskedFor.insert(level.junctions[at.index].id);
    }
    // The junction list is edited as one value (the junctions a deleted rail takes along go in the
    // same step), so the junctions asked for leave through it, not through the object list.
    std::erase_if(doomed, [](const ObjectIndex &at) { return at.kind == ObjectKind::Junction; });
    JunctionsAfterDelete junctions = junctionsWithoutRails(level.junctions, rails);
    std::erase_if(junctions.junctions, [&](const Junction &j) { return junctionsAskedFor.count(j.id) != 0; });
    std::erase_if(junctions.unlinked, [&](const std::string &id) { return junctionsAskedFor.count(id) != 0; });
    // Asked for, so not "taken along" in the report.
    std::erase_if(junctions.removed, [&](const std::string &id) { return junctionsAskedFor.count(id) != 0; });
    report.junctionsRemoved = junctions.removed;
    report.junctionsUnlinked = junctions.unlinked;
    auto *command = new QUndoCommand(tr("Delete %n object(s)", "", int(objects.size())));
    if (junctions.junctions != level.junctions)
        new ChangeDocumentValueCommand<LevelJunctions>(&document, QString(), std::move(junctions.junctions), command);
    if (!patrolChanges.empty()) new ChangeObjectsCommand(&document, QString(), std::move(patrolChanges), 0, command);
    if (!doomed.empty())
        new AddRemoveObjectsCommand(&document, QString(), AddRemoveObjectsCommand::Direction::Remove,
                                    AddRemoveObjectsCommand::itemsAt(level, {doomed.begin(), doomed.end()}), command);
    document.undoStack()->push(command);
    return report;
}

std::string changeObject(LevelDocument &document, ObjectIndex at, AnyObject edited, const QString &text, int mergeKey)
{
    if (std::string why = whyBadValues(edited); !why.empty()) return why;
    AnyObject before = objectAt(document.level(), at);
    if (before == edited) return {};
    document.undoStack()->push(
        new ChangeObjectsCommand(&document, text, {{at, std::move(before), std::move(edited)}}, mergeKey));
    return {};
}

std::string changeObjects(LevelDocument &document, std::vector<std::pair<ObjectIndex, AnyObject>> edited,
                          const QString &text)
{
    for (const auto &[at, after] : edited)
        if (std::string why = whyBadValues(after); !why.empty()) return why;
    std::vector<Change> changes;
    for (auto &[at, after] : edited) {
        AnyObject before = objectAt(document.level(), at);
        if (before != after) changes.push_back({at, std::move(before), std::move(after)});
    }
    if (changes.empty()) return {};
    document.undoStack()->push(new ChangeObjectsCommand(&document, text, std::move(changes)));
    return {};
}

bool renameObject(LevelDocument &document, const ObjectId &object, const std::string &newId, std::string *error)
{
    const Level &level = document.level();
    if (std::string why = whyBadId(level, object.kind, object.id, newId); !why.empty()) {
        *error = why;
        return false;
    }
    auto at = findObject(level, object);
    if (!at) {
        *error = "no such object";
        return false;
    }
    if (newId == object.id) return true;
    std::vector<Change> changes;
    AnyObject before = objectAt(level, *at);
    AnyObject after = before;
    std::visit(
        [&](auto &o) {
            if constexpr (requires { o.id; }) o.id = newId;
        },
        after);
    changes.push_back({*at, before, after});
    if (object.kind == ObjectKind::Waypoint) {
        for (std::size_t i = 0; i < level.edges.size(); ++i) {
            Edge e = level.edges[i];
            if (e.from != object.id && e.to != object.id) continue;
            const Edge old = e;
            if (e.from == object.id) e.from = newId;
            if (e.to == object.id) e.to = newId;
            changes.push_back({{ObjectKind::Edge, i}, old, e});
        }
        for (std::size_t i = 0; i < level.patrols.size(); ++i) {
            Patrol p = level.patrols[i];
            const Patrol old = p;
            std::replace(p.stops.begin(), p.stops.end(), object.id, newId);
            if (!(p == old)) changes.push_back({{ObjectKind::Patrol, i}, old, p});
        }
    }
    if (object.kind == ObjectKind::Agent)
        for (std::size_t i = 0; i < level.patrols.size(); ++i)
            if (level.patrols[i].agent == object.id) {
                Patrol p = level.patrols[i];
                p.agent = newId;
                changes.push_back({{ObjectKind::Patrol, i}, level.patrols[i], p});
            }
    const QString text = tr("Rename %1 to %2").arg(QString::fromStdString(object.id), QString::fromStdString(newId));
    std::vector<Junction> junctions = level.junctions;
    if (object.kind == ObjectKind::Rail) junctions = junctionsWithRailRenamed(std::move(junctions), object.id, newId);
    if (junctions == level.junctions) {
        document.undoStack()->push(new ChangeObjectsCommand(&document, text, std::move(changes)));
        return true;
    }
    // The junctions that name the rail take its new name in the same step.
    auto *command = new QUndoCommand(text);
    new ChangeObjectsCommand(&document, QString(), std::move(changes), 0, command);
    new ChangeDocumentValueCommand<LevelJunctions>(&document, QString(), std::move(junctions), command);
    document.undoStack()->push(command);
    return true;
}

namespace {

// The rails a junction joins: its trunk and every linked rail.
std::vector<std::string> railsOf(const Junction &junction)
{
    std::vector<std::string> rails{junction.rail};
    for (const JunctionLink &l : junction.links) rails.push_back(l.rail);
    return rails;
}

} // namespace

Level extractObjects(const Level &level, const std::vector<ObjectId> &objects)
{
    Level fragment;
    std::set<std::string> waypoints;
    std::set<std::string> rails;
    for (const ObjectId &id : objects) {
        auto at = findObject(level, id);
        if (!at) continue;
        switch (id.kind) {
        case ObjectKind::Waypoint:
            fragment.waypoints.push_back(level.waypoints[at->index]);
            waypoints.insert(id.id);
            break;
        case ObjectKind::Obstacle: fragment.obstacles.push_back(level.obstacles[at->index]); break;
        case ObjectKind::Rail: rails.insert(id.id); break;
        case ObjectKind::Patrol: fragment.patrols.push_back(level.patrols[at->index]); break;
        case ObjectKind::Reference: fragment.references.push_back(level.references[at->index]); break;
        case ObjectKind::Agent: fragment.agents.push_back(level.agents[at->index]); break;
        case ObjectKind::Edge: break; // edges come with both of their waypoints
        case ObjectKind::Junction: {
            // A junction cannot be without its rails: copying one copies them.
            for (const std::string &rail : railsOf(level.junctions[at->index])) rails.insert(rail);
            break;
        }
        }
    }
    for (const Rail &r : level.rails)
        if (rails.count(r.id)) fragment.rails.push_back(r);
    // Junctions come with all of their rails, as edges with both of their waypoints.
    for (const Junction &j : level.junctions) {
        const auto all = railsOf(j);
        if (std::all_of(all.begin(), all.end(), [&](const std::string &r) { return rails.count(r) != 0; }))
            fragment.junctions.push_back(j);
    }
    for (const Edge &e : level.edges)
        if (waypoints.count(e.from) && waypoints.count(e.to)) fragment.edges.push_back(e);
    std::erase_if(fragment.patrols, [&](const Patrol &p) {
        return std::any_of(p.stops.begin(), p.stops.end(), [&](const std::string &s) { return !waypoints.count(s); });
    });
    return fragment;
}

std::vector<ObjectId> pasteObjects(LevelDocument &document, const Level &fragment, Vec3 offset)
{
    Level scratch = document.level();                // to hand out ids that are unique among old and new objects
    std::map<std::string, std::string> renamed;      // waypoints
    std::map<std::string, std::string> renamedRail;  // rails
    std::map<std::string, std::string> renamedAgent; // agents
    std::vector<Item> items;
    std::vector<ObjectId> added;
    auto place = [&](ObjectKind kind, AnyObject object, const std::string &prefix) {
        std::string fresh = uniqueId(scratch, kind, prefix);
        std::visit(
            [&](auto &o) {
                if constexpr (requires { o.id; }) {
                    if (kind == ObjectKind::Waypoint) renamed[o.id] = fresh;
                    if (kind == ObjectKind::Rail) renamedRail[o.id] = fresh;
                    if (kind == ObjectKind::Agent) renamedAgent[o.id] = fresh;
                    o.id = fresh;
                }
            },
            object);
        object = moved(std::move(object), offset);
        const ObjectIndex at{kind, objectCount(scratch, kind)};
        std::visit([&](auto &o) { listOf<std::decay_t<decltype(o)>>(scratch).push_back(o); }, object);
        added.push_back({kind, objectIdAt(scratch, at)});
        items.push_back({at, std::move(object)});
    };
    for (const Agent &a : fragment.agents) place(ObjectKind::Agent, a, a.id);
    for (const Waypoint &w : fragment.waypoints) place(ObjectKind::Waypoint, w, "w");
    for (const Obstacle &o : fragment.obstacles) place(ObjectKind::Obstacle, o, "block");
    for (const Rail &r : fragment.rails) place(ObjectKind::Rail, r, "rail");
    for (Edge e : fragment.edges) {
        e.from = renamed[e.from];
        e.to = renamed[e.to];
        place(ObjectKind::Edge, e, "");
    }
    for (Patrol p : fragment.patrols) {
        for (auto &s : p.stops) s = renamed[s];
        // Its agent: the one pasted with it, else the level's own of that id, else no one.
        if (const auto pasted = renamedAgent.find(p.agent); pasted != renamedAgent.end())
            p.agent = pasted->second;
        else if (!p.agent.empty() && !findObject(document.level(), {ObjectKind::Agent, p.agent}))
            p.agent.clear(), p.follow = PatrolFollow::Graph;
        place(ObjectKind::Patrol, p, "patrol");
    }
    for (Junction j : fragment.junctions) {
        j.rail = renamedRail[j.rail];
        for (JunctionLink &l : j.links) l.rail = renamedRail[l.rail];
        if (!j.defaultWay.empty()) j.defaultWay = renamedRail[j.defaultWay];
        place(ObjectKind::Junction, j, "junction");
    }
    for (const Reference &r : fragment.references) place(ObjectKind::Reference, r, r.id);
    if (!items.empty()) pushAdd(document, tr("Paste %n object(s)", "", int(added.size())), std::move(items));
    return added;
}

void setLevelInfo(LevelDocument &document, LevelInfo info, const QString &text)
{
    if (info == document.level().info) return;
    document.undoStack()->push(new ChangeDocumentValueCommand<LevelSettings>(
        &document, text.isEmpty() ? tr("Change level settings") : text, std::move(info)));
}

std::string addReference(LevelDocument &document, Reference reference, const QString &text)
{
    const Level &level = document.level();
    const std::set<std::string> taken = idsOf(level, ObjectKind::Reference);
    const std::string stem = reference.id;
    for (int n = 2; taken.count(reference.id); ++n) reference.id = stem + std::to_string(n);
    std::string id = reference.id;
    pushAdd(document, text, {{{ObjectKind::Reference, level.references.size()}, std::move(reference)}});
    return id;
}

std::string addAgent(LevelDocument &document, Agent agent, const QString &text)
{
    if (std::string why = whyBadValues(agent); !why.empty()) return {};
    const Level &level = document.level();
    const std::set<std::string> taken = idsOf(level, ObjectKind::Agent);
    const std::string stem = agent.id.empty() ? std::string("agent") : agent.id;
    agent.id = stem;
    for (int n = 2; taken.count(agent.id); ++n) agent.id = stem + std::to_string(n);
    std::string id = agent.id;
    pushAdd(document, text, {{{ObjectKind::Agent, level.agents.size()}, std::move(agent)}});
    return id;
}

bool removeReference(LevelDocument &document, const std::string &id, const QString &text)
{
    const auto at = findObject(document.level(), {ObjectKind::Reference, id});
    if (!at) return false;
    document.undoStack()->push(new AddRemoveObjectsCommand(&document, text, AddRemoveObjectsCommand::Direction::Remove,
                                                           AddRemoveObjectsCommand::itemsAt(document.level(), {*at})));
    return true;
}

void replaceLevel(LevelDocument &document, const QString &text, Level level)
{
    document.undoStack()->push(new ChangeDocumentValueCommand<WholeLevel>(&document, text, std::move(level)));
}

bool editRail(LevelDocument &document, const std::string &id, const std::function<Rail(const Rail &)> &edit,
              const QString &text, int mergeKey)
{
    auto at = findObject(document.level(), {ObjectKind::Rail, id});
    if (!at) return false;
    const Rail &before = document.level().rails[at->index];
    Rail after = edit(before);
    // The loader's rule: an edit never makes points that are neither equal nor 1e-6 apart.
    if (after == before || !whyRailPointsTooClose(after).empty() || !whyBadValues(after).empty()) return false;
    document.undoStack()->push(
        new ChangeObjectsCommand(&document, text, {{*at, AnyObject(before), AnyObject(std::move(after))}}, mergeKey));
    return true;
}

} // namespace railforge::document
