#include "document/yaml/rail_point_reader.h"

#include "document/model/number_limits.h"
#include "document/model/rail_points.h"
#include "document/yaml/yaml_text.h"

#include <cmath>
#include <tuple>

namespace railforge::document {
namespace {

// One map-form point: {at, in, out, mode, tilt}.
class PointMapReader {
public:
    // `first` / `last`: the point starts / ends an open rail, so its `in` / `out` handle leads off the
    // rail and shapes nothing: it may be left out whatever the mode.
    PointMapReader(NodeReader &reader, const YamlNode &node, std::string what, const Rail &rail, bool first, bool last)
        : r(reader), m_node(node), m_what(std::move(what)), m_rail(rail), m_inIsIdle(first), m_outIsIdle(last)
    {}

    bool read(Vec3 &at, PointHandles &handles, double &tilt)
    {
        r.warnUnknownKeys(m_node, {"at", "in", "out", "mode", "tilt"}, m_what);
        bool ok = true;
        const YamlNode atNode = r.required(m_node, "at", m_what);
        std::optional<Vec3> position = atNode ? r.point(atNode, m_what + " 'at'") : std::nullopt;
        if (position)
            at = *position;
        else
            ok = false;
        if (const YamlNode t = m_node["tilt"]) {
            if (auto v = r.number(t, m_what + " tilt")) {
                if (!withinTiltRange(*v)) {
                    r.error(t, m_what + " tilt is " + t.Scalar() + " degrees, beyond the limit of +-36000 (100 rolls)");
                    ok = false;
                } else {
                    tilt = *v;
                }
            } else {
                ok = false;
            }
        }
        return readHandles(handles) && ok;
    }

private:
    bool readHandles(PointHandles &handles)
    {
        const YamlNode inNode = m_node["in"];
        const YamlNode outNode = m_node["out"];
        const YamlNode modeNode = m_node["mode"];
        if (m_rail.spline != SplineKind::Bezier) {
            bool ok = true;
            for (const auto &[key, node] : {std::pair{"in", inNode}, {"out", outNode}, {"mode", modeNode}}) {
                if (!node) continue;
                r.error(node, m_what + " has '" + key + "', but handles belong to bezier rails and this rail is " +
                                  splineKindName(m_rail.spline) + " (only 'at' and 'tilt' apply)");
                ok = false;
            }
            return ok;
        }
        HandleMode mode = inNode || outNode ? HandleMode::Free : HandleMode::Auto;
        if (modeNode) {
            const auto text = r.string(modeNode, m_what + " mode");
            if (!text) return false;
            const auto parsed = handleModeFromName(*text);
            if (!parsed) {
                r.error(modeNode, m_what + " has unknown handle mode '" + *text +
                                      "' (use auto, mirrored, aligned, free or corner)");
                return false;
            }
            mode = *parsed;
        }
        std::optional<Vec3> in;
        std::optional<Vec3> out;
        bool ok = true;
        if (inNode && !(in = r.point(inNode, m_what + " handle 'in'"))) ok = false;
        if (outNode && !(out = r.point(outNode, m_what + " handle 'out'"))) ok = false;
        if (!ok) return false;
        handles.mode = mode;
        switch (mode) {
        case HandleMode::Auto:
            for (const YamlNode &n : {inNode, outNode})
                if (n) {
                    r.error(n, m_what + " is mode auto, whose handles are computed from the neighbouring points: "
                                        "remove 'in' and 'out', or choose mirrored, aligned, free or corner");
                    return false;
                }
            return true;
        case HandleMode::Corner:
            for (const auto &[node, value] : {std::pair{inNode, in}, {outNode, out}})
                if (node && *value != Vec3{}) {
                    r.error(node, m_what + " is a corner, which has no handles: leave out 'in' and 'out' (or make "
                                           "them [0, 0, 0]), or choose another mode");
                    return false;
                }
            return true;
        case HandleMode::Mirrored:
            if (!in && !out) {
                r.error(m_node, m_what + " is mirrored and needs its 'out' handle ('in' is then -out)");
                return false;
            }
            if (in && out && *in != -*out) {
                r.error(inNode, m_what + " is mirrored, so 'in' must be -out = " +
                                    yamlPoint(Vec3{} - *out) /* 0 - v: no "-0" in the message */ +
                                    " (use aligned for different lengths, free for any directions)");
                return false;
            }
            handles.out = out ? *out : Vec3{} - *in; // 0 - v, not -v: no -0 to write back
            handles.in = Vec3{} - handles.out;
            return true;
        case HandleMode::Aligned:
        case HandleMode::Free:
            for (const auto &[key, node, idle] :
                 {std::tuple{"in", inNode, m_inIsIdle}, std::tuple{"out", outNode, m_outIsIdle}})
                if (!node && !idle) {
                    r.error(m_node, m_what + " is " + handleModeName(mode) + " and needs both handles; '" + key +
                                        "' is missing");
                    return false;
                }
            // A handle that leads off an open rail shapes nothing: left out, it is a zero offset.
            if (!in) in = Vec3{};
            if (!out) out = Vec3{};
            if (mode == HandleMode::Aligned && inNode && outNode && !handlesOpposite(*in, *out)) {
                r.error(inNode, m_what + " is aligned, so 'in' and 'out' must point in opposite directions "
                                         "(use free for independent handles)");
                return false;
            }
            handles.in = *in;
            handles.out = *out;
            return true;
        }
        return true;
    }

    NodeReader &r;
    YamlNode m_node;
    std::string m_what;
    const Rail &m_rail;
    bool m_inIsIdle = false;
    bool m_outIsIdle = false;
};

} // namespace

bool readRailPoints(NodeReader &reader, const YamlNode &points, const std::string &railName, Rail &rail,
                    std::vector<YAML::Mark> &marks)
{
    bool all = true;
    std::vector<PointHandles> handles;
    std::vector<double> tilts;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const YamlNode item = points[i];
        const std::string what = railName + " point " + std::to_string(i + 1);
        Vec3 at;
        PointHandles h;
        double tilt = 0.0;
        bool ok = false;
        if (item.IsMap()) {
            const bool first = !rail.closed && i == 0;
            const bool last = !rail.closed && i + 1 == points.size();
            ok = PointMapReader(reader, item, what, rail, first, last).read(at, h, tilt);
        } else if (auto p = reader.point(item, what)) {
            at = *p;
            ok = true;
        }
        if (!ok) {
            all = false;
            continue;
        }
        rail.points.push_back(at);
        handles.push_back(h);
        tilts.push_back(tilt);
        marks.push_back(item.Mark());
    }
    rail.handles = std::move(handles);
    rail.tilts = std::move(tilts);
    compactPointExtras(rail);
    return all;
}

} // namespace railforge::document
