#include "document/yaml/conflict_markers.h"

#include "document/model/object_ref.h"
#include "document/yaml/level_reader.h"

#include <algorithm>

namespace railforge::document {
namespace {

// Whether `line` is a marker of seven `c` followed by its end, a space or a line break.
bool isMarker(std::string_view line, char c)
{
    if (line.size() < 7 || line.substr(0, 7) != std::string(7, c)) return false;
    return line.size() == 7 || line[7] == ' ' || line[7] == '\n' || line[7] == '\r';
}

std::string_view labelOf(std::string_view line)
{
    line.remove_prefix(std::min<std::size_t>(8, line.size()));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
    return line;
}

// The object the line (1-based) of a level's text stands in: the last whose place starts at or before it.
std::string objectAtLine(const LoadResult &loaded, int line)
{
    std::string best;
    int bestLine = -1;
    const auto consider = [&](const std::vector<YAML::Mark> &marks, const char *kind, auto idOf) {
        for (std::size_t i = 0; i < marks.size(); ++i) {
            const int at = marks[i].line + 1;
            if (at <= line && at > bestLine) {
                bestLine = at;
                best = std::string(kind) + " " + "'" + idOf(i) + "'";
            }
        }
    };
    const Level &l = *loaded.level;
    const LevelMarks &m = loaded.marks;
    consider(m.waypoints, "waypoint", [&](std::size_t i) { return l.waypoints[i].id; });
    consider(m.edgeFrom, "edge", [&](std::size_t i) { return edgeId(l.edges[i]); });
    consider(m.obstacles, "obstacle", [&](std::size_t i) { return l.obstacles[i].id; });
    consider(m.rails, "rail", [&](std::size_t i) { return l.rails[i].id; });
    consider(m.patrols, "patrol", [&](std::size_t i) { return l.patrols[i].id; });
    consider(m.junctions, "junction", [&](std::size_t i) { return l.junctions[i].id; });
    consider(m.references, "reference", [&](std::size_t i) { return l.references[i].id; });
    return best;
}

} // namespace

bool hasConflictMarkers(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        if (isMarker(text.substr(at, end - at), '<')) return true;
        at = end + 1;
    }
    return false;
}

SplitConflicts splitConflicts(std::string_view text)
{
    SplitConflicts out;
    enum class In { Both, Ours, Base, Theirs } in = In::Both;
    int lineNo = 0, oursLines = 0, theirsLines = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t next = std::min(text.find('\n', at), text.size() - 1) + 1;
        const std::string_view line = text.substr(at, next - at);
        at = next;
        ++lineNo;
        if (isMarker(line, '<') && in == In::Both) {
            ConflictRegion region;
            region.line = lineNo;
            region.label = labelOf(line);
            region.oursFirstLine = oursLines + 1;
            region.theirsFirstLine = theirsLines + 1;
            out.regions.push_back(region);
            in = In::Ours;
            continue;
        }
        if (isMarker(line, '|') && in == In::Ours) {
            in = In::Base;
            continue;
        }
        if (isMarker(line, '=') && (in == In::Ours || in == In::Base)) {
            in = In::Theirs;
            continue;
        }
        if (isMarker(line, '>') && in == In::Theirs) {
            in = In::Both;
            continue;
        }
        if (in == In::Both || in == In::Ours) {
            out.ours += line;
            ++oursLines;
            if (in == In::Ours) ++out.regions.back().oursLineCount;
        }
        if (in == In::Both || in == In::Theirs) {
            out.theirs += line;
            ++theirsLines;
            if (in == In::Theirs) ++out.regions.back().theirsLineCount;
        }
    }
    if (in != In::Both)
        out.malformed = Diagnostic{Severity::Error, "", out.regions.back().line, 1,
                                   "merge conflict marker '<<<<<<<' is not closed by '=======' and '>>>>>>>'"};
    return out;
}

Diagnostics conflictDiagnostics(std::string_view text, const std::string &fileName)
{
    Diagnostics out;
    if (!hasConflictMarkers(text)) return out;
    const SplitConflicts split = splitConflicts(text);
    const LoadResult ours = readLevel(split.ours, "");
    for (const ConflictRegion &r : split.regions) {
        std::string message = "unresolved merge conflict";
        if (r.label.rfind(kOursLabelPrefix, 0) == 0) {
            message += " in " + r.label.substr(kOursLabelPrefix.size());
        } else {
            const int last = r.oursFirstLine + std::max(r.oursLineCount, 1) - 1;
            const std::string object = ours.level ? objectAtLine(ours, last) : std::string();
            if (!object.empty()) message += " in " + object;
            message += " (left by a line merge: '<<<<<<< " + r.label + "')";
        }
        out.push_back({Severity::Error, fileName, r.line, 1, message});
    }
    if (split.malformed) {
        Diagnostic d = *split.malformed;
        d.file = fileName;
        out.push_back(d);
    }
    return out;
}

} // namespace railforge::document
