// How a track looks, in one place for the glTF materials (track_gltf.cpp) and the 3D view
// (app/view3d/scene_tracks.cpp), so the designer sees the engine's colours: steel rails, a red
// tube, a wooden catwalk, a dark cable, brown ties, grey supports.
#pragma once

#include "document/model/track_style.h"

#include <array>

namespace railforge::document {

struct TrackLook {
    std::array<double, 3> rgb;
    double metallic;
    double roughness;
};

inline TrackLook sectionLook(TrackSectionKind kind)
{
    switch (kind) {
    case TrackSectionKind::Rails: return {{0.55, 0.55, 0.58}, 0.6, 0.5};
    case TrackSectionKind::Tube: return {{0.75, 0.18, 0.12}, 0.3, 0.4};
    case TrackSectionKind::Ribbon: return {{0.52, 0.38, 0.24}, 0.0, 0.8};
    case TrackSectionKind::Cable: return {{0.12, 0.12, 0.13}, 0.8, 0.35};
    case TrackSectionKind::Custom: return {{0.6, 0.6, 0.62}, 0.4, 0.5};
    }
    return {{0.6, 0.6, 0.62}, 0.4, 0.5};
}

inline constexpr TrackLook kTieLook{{0.36, 0.25, 0.16}, 0.0, 0.9};
inline constexpr TrackLook kSupportLook{{0.62, 0.62, 0.6}, 0.1, 0.85};

} // namespace railforge::document
