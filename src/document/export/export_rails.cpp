#include "document/export/export_rails.h"

#include "core/arc_length.h"
#include "core/channel_types.h"
#include "core/frames.h"
#include "document/export/export_sections.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"
#include "document/text/finite_output.h"

#include <algorithm>
#include <cmath>
#include <future>

namespace railforge::document {
namespace {

using Style = TreeWriter::Style;

// A rail's geometry, computed apart from its text (on the worker thread).
struct ChannelBake {
    std::vector<core::ChannelSample> keys;   // s resolved, sorted
    std::vector<core::ChannelValue> samples; // at each row (none for events)
};

struct RailBake {
    core::Curve curve;
    double length = 0.0;
    std::vector<core::CurveSample> rows;
    std::vector<Vec3> ups;
    std::vector<double> knotS;
    std::vector<ChannelBake> channels; // as rail.channels
};

RailBake bakeRail(const Rail &rail, double spacing)
{
    RailBake b;
    b.curve = railCurve(rail);
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    b.length = core::totalLength(table);
    b.rows = core::sample(table, spacing);
    b.ups = core::upVectors(geometry->frames(), b.rows);
    // Knot i starts segment i; an open rail's last knot ends the curve.
    b.knotS.resize(rail.points.size());
    for (std::size_t i = 0; i < b.knotS.size(); ++i)
        b.knotS[i] = i < table.segments.size() ? core::arcLengthAt(table, {i, 0.0}) : b.length;
    if (!rail.channels.empty()) {
        std::vector<double> rowS;
        rowS.reserve(b.rows.size());
        for (const auto &r : b.rows) rowS.push_back(r.s);
        for (const RailChannel &c : rail.channels) {
            ChannelBake cb;
            cb.keys = resolvedKeys(c, table, rail.points.size());
            if (!core::channelTypeInfo(c.type).keysAreEvents)
                cb.samples = core::channelValuesAt(c.type, c.interp, cb.keys, rowS, b.length, rail.closed);
            b.channels.push_back(std::move(cb));
        }
    }
    return b;
}

// A channel value as an engine reads it: a number, a boolean, a string, or a colour [r, g, b, a] in [0, 1].
void writeChannelValue(TreeWriter &w, core::ChannelType type, const core::ChannelValue &v)
{
    switch (core::channelTypeInfo(type).form) {
    case core::ChannelForm::Real: w.number(v.number); return;
    case core::ChannelForm::Integer: w.integer(std::llround(v.number)); return;
    case core::ChannelForm::Truth: w.boolean(v.number != 0.0); return;
    case core::ChannelForm::Text: w.string(v.text); return;
    case core::ChannelForm::Colour: w.row(v.colour.data(), 4); return;
    }
}

// "channels": {name: {type, interp, keys: [[s, value], ...], samples: [value at each row]}}; events
// have keys only. Written only for rails that have channels (readers of older exports see no change).
void writeChannels(TreeWriter &w, const Rail &rail, const RailBake &b)
{
    if (rail.channels.empty()) return;
    w.key("channels");
    w.beginMap();
    for (std::size_t i = 0; i < rail.channels.size(); ++i) {
        const RailChannel &c = rail.channels[i];
        const auto &info = core::channelTypeInfo(c.type);
        w.key(c.name);
        w.beginMap();
        w.key("type");
        w.string(channelTypeName(c.type));
        if (!info.keysAreEvents) {
            w.key("interp");
            w.string(channelInterpName(c.interp));
        }
        w.key("keys");
        w.beginList();
        for (const core::ChannelSample &k : b.channels[i].keys) {
            w.beginList(Style::Flow);
            w.number(k.s);
            writeChannelValue(w, c.type, k.value);
            w.endList();
        }
        w.endList();
        if (!info.keysAreEvents) {
            w.key("samples");
            w.beginList(info.form == core::ChannelForm::Colour ? Style::Block : Style::Flow);
            for (const core::ChannelValue &v : b.channels[i].samples) writeChannelValue(w, c.type, v);
            w.endList();
        }
        w.endMap();
    }
    w.endMap();
}

void writeRail(TreeWriter &w, const Rail &rail, const RailBake &b, double spacing)
{
    w.beginMap();
    w.key("id");
    w.string(rail.id);
    w.key("closed");
    w.boolean(rail.closed);
    // Only upright frames are named: an export of a level without frame modes stays as it was.
    if (rail.frame == FrameMode::Upright) {
        w.key("frame");
        w.string(frameModeName(rail.frame));
    }
    w.key("length");
    w.number(b.length);
    w.key("spacing");
    w.number(spacing);
    w.key("samples");
    w.beginList();
    for (std::size_t i = 0; i < b.rows.size(); ++i) {
        const core::CurveSample &r = b.rows[i];
        const Vec3 t = requireUnitTangent(r.tangent);
        const Vec3 u = requireUnitUp(b.ups[i], t);
        const double v[10] = {r.s, r.position.x, r.position.y, r.position.z, t.x, t.y, t.z, u.x, u.y, u.z};
        w.row(v, 10);
    }
    w.endList();
    w.key("bezier");
    w.beginList();
    for (const core::BezierKnot &k : core::toBezierKnots(b.curve)) {
        w.beginList(Style::Flow);
        writePoint(w, k.position);
        writePoint(w, k.in);
        writePoint(w, k.out);
        w.endList();
    }
    w.endList();
    w.key("knot_s");
    w.row(b.knotS.data(), b.knotS.size());
    std::vector<double> tilts(rail.points.size());
    for (std::size_t i = 0; i < tilts.size(); ++i) tilts[i] = pointTilt(rail, i);
    if (std::any_of(tilts.begin(), tilts.end(), [](double t) { return t != 0.0; })) {
        w.key("tilt");
        w.row(tilts.data(), tilts.size());
    }
    w.key("properties");
    w.properties(rail.properties);
    writeChannels(w, rail, b);
    w.endMap();
}

} // namespace

void writeExportRails(TreeWriter &w, const std::vector<Rail> &rails, double spacing)
{
    // One batch baked ahead on a worker thread while this thread writes the current one; where no
    // thread can be started, libstdc++ runs the deferred task here instead.
    constexpr std::size_t kBatch = 16;
    constexpr auto kLaunch = std::launch::async | std::launch::deferred;
    auto bake = [&rails, spacing](std::size_t first) {
        std::vector<RailBake> out;
        for (std::size_t i = first; i < std::min(first + kBatch, rails.size()); ++i)
            out.push_back(bakeRail(rails[i], spacing));
        return out;
    };
    w.key("rails");
    w.beginList();
    std::future<std::vector<RailBake>> next;
    if (!rails.empty()) next = std::async(kLaunch, bake, 0);
    for (std::size_t first = 0; first < rails.size(); first += kBatch) {
        const std::vector<RailBake> current = next.get(); // rethrows what the worker threw
        if (first + kBatch < rails.size()) next = std::async(kLaunch, bake, first + kBatch);
        for (std::size_t j = 0; j < current.size(); ++j) writeRail(w, rails[first + j], current[j], spacing);
    }
    w.endList();
}

} // namespace railforge::document
