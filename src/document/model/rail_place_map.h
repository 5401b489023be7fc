// Where a place along a rail goes when the rail's curve changes (docs/design.md "Places along
// rails"): a junction at s and a channel key at s stay where the designer put them. A place keeps
// its segment and its fraction of that segment's arc length; a segment the edit left as it was
// (the same cubic, wherever it now sits in the rail) keeps the place at the same point in space;
// a segment split by an inserted point or merged by a deleted one shares the place out by arc
// length between the nearest control points the edit kept. A place on a segment the edit removed
// (an end point deleted) has nowhere to go.
#pragma once

#include "core/arc_length.h"
#include "document/model/level.h"

#include <map>
#include <optional>
#include <vector>

namespace railforge::document {

class RailPlaceMap {
public:
    RailPlaceMap(const Rail &before, const Rail &after);

    // False when the edit left the curve as it was (every place stays).
    bool curveChanged() const { return m_changed; }
    // The arc length after the edit of the place at `s` before it; nothing when its segment went.
    std::optional<double> map(double s) const;

private:
    bool m_changed = false;
    std::vector<double> m_knotsBefore, m_knotsAfter; // arc length of each knot (segments + 1)
    std::vector<double> m_lengthsAfter;              // each segment's arc length after
    std::vector<std::optional<std::size_t>> m_knot;  // knot before -> knot after
    std::vector<std::optional<std::size_t>> m_same;  // segment before -> the identical segment after
};

} // namespace railforge::document
