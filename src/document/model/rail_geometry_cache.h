// One geometry per rail, shared by every view (plan, profile, 3D, inspector, ▶ Play, the ride): the
// rail's arc-length table, built once per change of its shape, and its frames, built the first time
// one asks. The document owns the cache; a view asks for a rail's geometry when it needs it and keeps
// the shared pointer as long as it draws from it (a worker thread may hold one too: a geometry never
// changes once built).
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/model/level.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace railforge::document {

// The rider's frame at a control point: where it lies on the curve, which way the rail runs and
// which way is up there, and the point's own tilt.
struct KnotFrame {
    double s = 0.0; // arc length of the point
    core::Vec3 position;
    core::Vec3 tangent;
    core::Vec3 up;
    double tiltDegrees = 0.0;
};

class RailGeometry {
public:
    // Builds the rail's arc-length table now; frames wait for the first frames().
    explicit RailGeometry(const Rail &rail);

    // The exact curve's arc-length table.
    const core::ArcLengthTable &table() const { return m_table; }
    // Its arc length.
    double length() const { return m_length; }
    // The rider's frames along it (tilts, frame mode); built on the first call, from any thread.
    const core::FrameTable &frames() const;
    // The rail the geometry was built from (its shape: points, spline, handles, tilts, frame mode).
    const Rail &rail() const { return m_rail; }
    // The frame at control point `index` (the curve's end for an index past the last knot): what the
    // inspector's bank and the 3D gizmo's tilt ring read.
    KnotFrame knotFrame(std::size_t index) const;

private:
    Rail m_rail;
    core::ArcLengthTable m_table;
    double m_length = 0.0;
    mutable std::once_flag m_framesOnce;
    mutable std::optional<core::FrameTable> m_frames;
};

// Where each rail's geometry comes from, by the rail's index in its level (the document's, or built
// on the spot where there is no document).
using RailGeometryOf = std::function<std::shared_ptr<const RailGeometry>(std::size_t)>;

class RailGeometryCache {
public:
    // The geometry of `rail`: the one kept under its id when its shape is the same, else the shape
    // store's (rail_shape_geometry.h: built now unless that shape was measured before), kept. Only
    // from the thread that owns the cache (the UI's).
    std::shared_ptr<const RailGeometry> of(const Rail &rail);
    // Drops the geometries of ids that `level` no longer has (after rails are removed or renamed).
    void keepOnly(const Level &level);
    // How many times a rail's shape had changed when asked (the views' share of a drag, counted by a test).
    std::size_t builds() const { return m_builds; }

private:
    std::unordered_map<std::string, std::shared_ptr<const RailGeometry>> m_byId;
    std::size_t m_builds = 0;
};

} // namespace railforge::document
