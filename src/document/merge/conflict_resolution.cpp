#include "document/merge/conflict_resolution.h"

#include "document/merge/conflict_markers.h"
#include "document/merge/level_diff.h"
#include "document/merge/object_lists.h"
#include "document/merge/value_text.h"
#include "document/model/rail_geometry.h"

#include <array>
#include <cmath>

namespace railforge::document {
namespace {

// What a conflict's marker says about it, when the merge wrote one for this object.
std::string labelFor(const SplitConflicts &split, const std::string &name, int *line)
{
    for (const ConflictRegion &r : split.regions) {
        if (r.label.rfind(kOursLabelPrefix, 0) != 0) continue;
        const std::string what = r.label.substr(kOursLabelPrefix.size());
        if (what.rfind(name + " (", 0) == 0) {
            *line = r.line;
            return what;
        }
    }
    return {};
}

} // namespace

ConflictedLevel readConflictedLevel(std::string_view text, const std::string &fileName)
{
    ConflictedLevel out;
    const SplitConflicts split = splitConflicts(text);
    if (split.malformed) {
        Diagnostic d = *split.malformed;
        d.file = fileName;
        out.problems.push_back(d);
        return out;
    }
    out.ours = readLevel(split.ours, fileName + " (ours)");
    out.ours.text = split.ours;
    const LoadResult theirs = readLevel(split.theirs, fileName + " (theirs)");
    for (const Diagnostics *side : std::array<const Diagnostics *, 2>{&out.ours.diagnostics, &theirs.diagnostics})
        for (const Diagnostic &d : *side)
            if (d.severity == Severity::Error) out.problems.push_back(d);
    if (!out.ours.level || !theirs.level) return out;
    out.theirs = theirs.level;
    for (const ObjectChange &c : diffLevels(*out.ours.level, *theirs.level)) {
        // A rename between the sides is two objects to choose between: the one ours has, and theirs'.
        std::vector<std::string> ids{c.id};
        if (c.what == ObjectChange::What::Renamed) ids.push_back(c.renamedTo);
        for (const std::string &id : ids) {
            OpenConflict conflict{c.kind, id, {}, split.regions.empty() ? 0 : split.regions.front().line};
            const std::string name =
                c.kind == "level" ? std::string("the level's own fields") : c.kind + " " + quotedId(id);
            conflict.summary = labelFor(split, name, &conflict.line);
            if (conflict.summary.empty()) {
                conflict.summary = name + " (";
                const auto lines = c.lines();
                for (std::size_t i = 0; i < lines.size(); ++i) conflict.summary += (i ? "; " : "") + lines[i];
                conflict.summary += ")";
            }
            out.conflicts.push_back(conflict);
        }
    }
    return out;
}

std::optional<ConflictOutline> conflictOutline(const Level &level, const OpenConflict &c,
                                               const RailGeometryOf &geometryOf)
{
    const auto waypointAt = [&](const std::string &id) {
        const Waypoint *w = findByKey(level.waypoints, id);
        return w ? std::optional<core::Vec3>(w->position) : std::nullopt;
    };
    ConflictOutline out;
    if (c.kind == "waypoint") {
        const auto p = waypointAt(c.id);
        if (!p) return std::nullopt;
        out.points = {*p};
    } else if (c.kind == "edge") {
        const Edge *e = findByKey(level.edges, c.id);
        const auto a = e ? waypointAt(e->from) : std::nullopt;
        const auto b = e ? waypointAt(e->to) : std::nullopt;
        if (!a || !b) return std::nullopt;
        out.points = {*a, *b};
    } else if (c.kind == "rail") {
        const int index = findRail(level, c.id);
        if (index < 0) return std::nullopt;
        // Theirs is no document's: its conflicting rails (few, drawn until resolved) are built here.
        const auto geometry = geometryOf ? geometryOf(std::size_t(index))
                                         : std::make_shared<const RailGeometry>(level.rails[std::size_t(index)]);
        for (int i = 0; i <= 128; ++i)
            out.points.push_back(core::sampleAt(geometry->table(), geometry->length() * i / 128).position);
    } else if (c.kind == "obstacle") {
        const Obstacle *o = findByKey(level.obstacles, c.id);
        if (!o) return std::nullopt;
        out.closed = true;
        if (o->shape == Obstacle::Shape::Polygon)
            for (const Point2 &p : o->polygon) out.points.push_back({p.x, p.y, 0});
        else
            for (int i = 0; i < 48; ++i)
                out.points.push_back({o->circle.center.x + o->circle.radius * std::cos(i * M_PI / 24),
                                      o->circle.center.y + o->circle.radius * std::sin(i * M_PI / 24), 0});
    } else if (c.kind == "patrol") {
        const Patrol *p = findByKey(level.patrols, c.id);
        if (!p) return std::nullopt;
        for (const std::string &stop : p->stops)
            if (const auto at = waypointAt(stop)) out.points.push_back(*at);
    } else {
        return std::nullopt;
    }
    return out;
}

Level takeTheirs(const Level &current, const Level &theirs, const OpenConflict &conflict)
{
    Level level = current;
    if (conflict.kind == "level") {
        level.info = theirs.info;
        return level;
    }
    Level from = theirs;
    withKindList(level, conflict.kind, [&](auto &list, const char *) {
        using T = typename std::remove_reference_t<decltype(list)>::value_type;
        const std::vector<T> &source = listOf<T>(from);
        const auto here =
            std::find_if(list.begin(), list.end(), [&](const T &o) { return objectKey(o) == conflict.id; });
        const auto there =
            std::find_if(source.begin(), source.end(), [&](const T &o) { return objectKey(o) == conflict.id; });
        if (there == source.end()) {
            if (here != list.end()) list.erase(here);
        } else if (here != list.end()) {
            *here = *there;
        } else {
            insertLike(list, source, std::size_t(there - source.begin()));
        }
    });
    return level;
}

} // namespace railforge::document
