#include "document/yaml/level_writer.h"

#include "core/channel_types.h"
#include "document/model/rail_points.h"
#include "document/text/number_format.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/track_style_yaml.h"
#include "document/yaml/yaml_sections.h"
#include "document/yaml/yaml_text.h"

#include <cmath>

namespace railforge::document {
namespace {

// A point as [x, y, z], or as {at, in, out, mode, tilt} when it has handles or a tilt to keep.
std::string railPoint(const Rail &rail, std::size_t i)
{
    const PointHandles h = pointHandles(rail, i);
    const double tilt = pointTilt(rail, i);
    const bool shaped = rail.spline == SplineKind::Bezier && h.mode != HandleMode::Auto;
    if (!shaped && tilt == 0.0) return yamlPoint(rail.points[i]);
    std::string out = "{at: " + yamlPoint(rail.points[i]);
    if (shaped && h.mode != HandleMode::Corner) out += ", in: " + yamlPoint(h.in) + ", out: " + yamlPoint(h.out);
    if (shaped) out += std::string(", mode: ") + handleModeName(h.mode);
    if (tilt != 0.0) out += ", tilt: " + yamlNumber(tilt);
    return out + "}";
}

// One control point a line (a block list of flow items), so that moving one point changes one line
// of the file and a merge of two designers' edits to different points of a rail does not conflict.
void writeRailPoints(std::string &out, const Rail &rail)
{
    out += "    points:\n";
    for (std::size_t i = 0; i < rail.points.size(); ++i) out += "      - " + railPoint(rail, i) + "\n";
}

std::string channelValue(const RailChannel &channel, const core::ChannelValue &value)
{
    switch (core::channelTypeInfo(channel.type).form) {
    case core::ChannelForm::Real: return yamlNumber(value.number);
    case core::ChannelForm::Integer: return yamlNumber(std::round(value.number));
    case core::ChannelForm::Truth: return value.number != 0.0 ? "true" : "false";
    case core::ChannelForm::Text: return yamlString(value.text);
    case core::ChannelForm::Colour: return yamlString(colourText(value.colour));
    }
    return yamlNumber(value.number);
}

// One channel a line: {type, interp (but for events), keys: [{point | s, value}, ...]}.
void writeRailChannels(std::string &out, const Rail &rail)
{
    if (rail.channels.empty()) return;
    out += "    channels:\n";
    for (const RailChannel &c : rail.channels) {
        out += "      " + yamlString(c.name) + ": {type: " + channelTypeName(c.type);
        if (!core::channelTypeInfo(c.type).keysAreEvents)
            out += std::string(", interp: ") + channelInterpName(c.interp);
        out += ", keys: [";
        for (std::size_t i = 0; i < c.keys.size(); ++i) {
            const ChannelKey &k = c.keys[i];
            out += i ? ", {" : "{";
            out += k.point ? "point: " + std::to_string(*k.point) : "s: " + yamlNumber(k.s);
            out += ", value: " + channelValue(c, k.value) + "}";
        }
        out += "]}\n";
    }
}

void writeRails(std::string &out, const std::vector<Rail> &rails)
{
    out += rails.empty() ? "rails: []\n" : "rails:\n";
    for (const Rail &r : rails) {
        out += "  - id: " + yamlString(r.id) + "\n";
        out += std::string("    closed: ") + (r.closed ? "true" : "false") + "\n";
        out +=
            std::string("    spline: {type: ") + splineKindName(r.spline) + ", alpha: " + yamlNumber(r.alpha) + "}\n";
        // Only an upright frame is written: a file that names none means minimal twist, as before modes.
        if (r.frame == FrameMode::Upright) out += "    frame: upright\n";
        writeRailPoints(out, r);
        if (!r.properties.empty()) out += "    properties: " + yamlProperties(r.properties) + "\n";
        writeRailChannels(out, r);
        out += trackStyleYaml(r.track);
    }
}

void writePatrols(std::string &out, const std::vector<Patrol> &patrols)
{
    out += patrols.empty() ? "patrols: []\n" : "patrols:\n";
    for (const Patrol &p : patrols) {
        out += "  - id: " + yamlString(p.id) + "\n";
        out += "    stops: [";
        for (std::size_t i = 0; i < p.stops.size(); ++i) out += (i ? ", " : "") + yamlString(p.stops[i]);
        out += "]\n";
        out += std::string("    mode: ") + patrolModeName(p.mode) + "\n";
        if (!p.agent.empty()) out += "    agent: " + yamlString(p.agent) + "\n";
        if (p.follow != PatrolFollow::Graph) out += std::string("    follow: ") + patrolFollowName(p.follow) + "\n";
        if (p.smoothing.empty()) {
            out += "    smoothing: []\n";
        } else {
            out += "    smoothing:\n";
            for (const SmoothingStep &s : p.smoothing) {
                out += "      - {strategy: " + yamlString(s.strategy) + ", params: " + yamlProperties(s.params);
                if (!s.enabled) out += ", enabled: false";
                out += "}\n";
            }
        }
        if (!p.properties.empty()) out += "    properties: " + yamlProperties(p.properties) + "\n";
    }
}

// Nothing at all when the level has none (levels from before junctions keep their bytes).
void writeJunctions(std::string &out, const std::vector<Junction> &junctions)
{
    if (junctions.empty()) return;
    out += "junctions:\n";
    for (const Junction &j : junctions) {
        out += "  - id: " + yamlString(j.id) + "\n";
        out += "    at: {rail: " + yamlString(j.rail) + ", " +
               (j.end ? std::string("end: ") + railEndName(*j.end) : "s: " + yamlNumber(j.s)) + "}\n";
        out += "    links: [";
        for (std::size_t i = 0; i < j.links.size(); ++i)
            out += std::string(i ? ", " : "") + "{rail: " + yamlString(j.links[i].rail) +
                   ", end: " + railEndName(j.links[i].end) + "}";
        out += "]\n";
        if (!j.defaultWay.empty()) out += "    default: " + yamlString(j.defaultWay) + "\n";
        if (!j.properties.empty()) out += "    properties: " + yamlProperties(j.properties) + "\n";
    }
}

// One flow mapping per agent, every size written (they are what a reader of the file wants to see);
// nothing at all when the level has none (levels from before agents keep their bytes).
void writeAgents(std::string &out, const std::vector<Agent> &agents)
{
    if (agents.empty()) return;
    out += "agents:\n";
    for (const Agent &a : agents) {
        out += "  - {id: " + yamlString(a.id) + ", radius: " + yamlNumber(a.radius) +
               ", height: " + yamlNumber(a.height) + ", climb: " + yamlNumber(a.climb) +
               ", slope: " + yamlNumber(a.slope);
        if (a.cell) out += ", navmesh: {cell: " + yamlNumber(*a.cell) + "}";
        if (!a.properties.empty()) out += ", properties: " + yamlProperties(a.properties);
        out += "}\n";
    }
}

// One flow mapping per reference, defaults left out; nothing at all when the level has none (levels
// from before references keep their bytes).
void writeReferences(std::string &out, const std::vector<Reference> &references)
{
    if (references.empty()) return;
    out += "references:\n";
    for (const Reference &r : references) {
        out += "  - {id: " + yamlString(r.id) + ", " + referenceKindName(r.kind) + ": " + yamlString(r.file);
        auto list = [](std::initializer_list<double> values) {
            std::string text = "[";
            for (const double v : values) text += (text.size() > 1 ? ", " : "") + yamlNumber(v);
            return text + "]";
        };
        if (r.kind != ReferenceKind::Mesh) out += ", rect: " + list({r.rect[0], r.rect[1], r.rect[2], r.rect[3]});
        if (r.kind == ReferenceKind::Image && r.opacity != 1.0) out += ", opacity: " + yamlNumber(r.opacity);
        if (r.kind == ReferenceKind::Heightmap) out += ", z_range: " + list({r.zRange[0], r.zRange[1]});
        if (r.kind == ReferenceKind::Mesh) {
            if (r.up == MeshUp::Z) out += ", up: z";
            if (r.scale != 1.0 || r.rotate != 0.0 || !(r.translate == core::Vec3{}))
                out += ", transform: {scale: " + yamlNumber(r.scale) + ", rotate: " + yamlNumber(r.rotate) +
                       ", translate: " + yamlPoint(r.translate) + "}";
        }
        if (r.kind != ReferenceKind::Image && !r.ground) out += ", ground: false";
        if (!r.color.empty()) out += ", color: " + yamlString(r.color);
        if (!r.visible) out += ", visible: false";
        if (r.locked) out += ", locked: true";
        out += "}\n";
    }
}

} // namespace

std::string writeLevel(const Level &level)
{
    std::string out;
    out += "railforge: " + std::to_string(kLevelFormatVersion) + "\n";
    out += "level: {name: " + yamlString(level.info.name) + ", units: " + yamlString(level.info.units);
    if (level.info.track) out += ", track: " + trackStyleFlow(*level.info.track);
    out += "}\n";
    writeReferences(out, level.references);
    writeWaypoints(out, level.waypoints);
    writeEdges(out, level.edges);
    writeObstacles(out, level.obstacles);
    writeRails(out, level.rails);
    writePatrols(out, level.patrols);
    writeJunctions(out, level.junctions);
    writeAgents(out, level.agents);
    return out;
}

} // namespace railforge::document
