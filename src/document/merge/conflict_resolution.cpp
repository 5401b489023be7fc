#include "document/merge/conflict_resolution.h"

#include "document/merge/level_diff.h"
#include "document/merge/level_renames.h"
#include "document/merge/object_lists.h"
#include "document/merge/value_text.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/yaml/conflict_markers.h"

#include <algorithm>
#include <array>
#include <cctype>
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

// Whether `line` names `id` as a word of its own (an id, an edge's end, a stop).
bool names(std::string_view line, const std::string &id)
{
    const auto word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    };
    for (std::size_t at = line.find(id); at != std::string_view::npos; at = line.find(id, at + 1)) {
        const bool startOk = at == 0 || !word(line[at - 1]);
        const bool endOk = at + id.size() >= line.size() || !word(line[at + id.size()]);
        if (startOk && endOk) return true;
    }
    return false;
}

// The line of the first marker whose lines (on either side) name the conflict's object: where a line
// merge's markers stand that hold it.
void placeAtMarker(const SplitConflicts &split, OpenConflict &conflict)
{
    if (conflict.kind == "level") return;
    // An edge's line names both its ends; another object's line names its id.
    const auto holds = [&](std::string_view line, const std::string &id) {
        if (conflict.kind != "edge") return names(line, id);
        const std::size_t arrow = id.find('>');
        return names(line, id.substr(0, arrow)) && names(line, id.substr(arrow + 1));
    };
    const auto linesOf = [](const std::string &text, int first, int count) {
        std::vector<std::string_view> out;
        std::size_t at = 0;
        for (int line = 1; at <= text.size() && line < first + count; ++line) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            if (line >= first) out.push_back(std::string_view(text).substr(at, end - at));
            at = end + 1;
        }
        return out;
    };
    for (const ConflictRegion &r : split.regions) {
        for (const auto &line : linesOf(split.ours, r.oursFirstLine, r.oursLineCount))
            if (holds(line, conflict.id)) return void(conflict.line = r.line);
        for (const auto &line : linesOf(split.theirs, r.theirsFirstLine, r.theirsLineCount))
            if (holds(line, conflict.theirsId.empty() ? conflict.id : conflict.theirsId))
                return void(conflict.line = r.line);
    }
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
        // A rename between the sides is one conflict: ours' name or theirs' (with all that names it).
        const bool renamed = c.what == ObjectChange::What::Renamed;
        OpenConflict conflict{c.kind,
                              c.id,
                              {},
                              split.regions.empty() ? 0 : split.regions.front().line,
                              renamed ? c.renamedTo : std::string()};
        const std::string name =
            c.kind == "level" ? std::string("the level's own fields") : c.kind + " " + quotedId(c.id);
        // RailForge's merge labels its markers with what it is about; a line merge's markers stand
        // wherever lines clash: the conflict is placed at the first whose lines name its object.
        conflict.summary = labelFor(split, name, &conflict.line);
        if (renamed && conflict.summary.empty())
            conflict.summary = labelFor(split, c.kind + " " + quotedId(c.renamedTo), &conflict.line);
        if (conflict.summary.empty()) {
            placeAtMarker(split, conflict);
            // What differs, as the diff tells it; a rename as the two names the sides use.
            std::vector<std::string> lines = c.lines();
            if (renamed) lines.front() = "ours calls it " + quotedId(c.id) + ", theirs " + quotedId(c.renamedTo);
            conflict.summary = name + " (";
            for (std::size_t i = 0; i < lines.size(); ++i) conflict.summary += (i ? "; " : "") + lines[i];
            conflict.summary += ")";
        }
        out.conflicts.push_back(conflict);
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
        const auto geometry =
            geometryOf ? geometryOf(std::size_t(index)) : geometryOfShape(level.rails[std::size_t(index)]);
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
    if (!conflict.theirsId.empty()) {
        for (NamedKind kind : {NamedKind::Waypoint, NamedKind::Obstacle, NamedKind::Rail, NamedKind::Patrol,
                               NamedKind::Junction, NamedKind::Reference})
            if (conflict.kind == namedKindName(kind)) applyRenames(level, {{kind, conflict.id, conflict.theirsId}});
        OpenConflict asTheirs = conflict;
        asTheirs.id = conflict.theirsId;
        asTheirs.theirsId.clear();
        return takeTheirs(level, theirs, asTheirs);
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
