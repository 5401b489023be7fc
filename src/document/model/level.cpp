#include "document/model/level.h"

namespace railforge::document {

const char *referenceKindName(ReferenceKind kind)
{
    switch (kind) {
    case ReferenceKind::Image: return "image";
    case ReferenceKind::Mesh: return "mesh";
    case ReferenceKind::Heightmap: return "heightmap";
    }
    return "image";
}

const char *splineKindName(SplineKind kind)
{
    switch (kind) {
    case SplineKind::CatmullRom: return "catmull-rom";
    case SplineKind::Linear: return "linear";
    case SplineKind::Bezier: return "bezier";
    }
    return "catmull-rom";
}

const char *handleModeName(HandleMode mode)
{
    switch (mode) {
    case HandleMode::Auto: return "auto";
    case HandleMode::Mirrored: return "mirrored";
    case HandleMode::Aligned: return "aligned";
    case HandleMode::Free: return "free";
    case HandleMode::Corner: return "corner";
    }
    return "auto";
}

std::optional<HandleMode> handleModeFromName(const std::string &name)
{
    for (HandleMode m :
         {HandleMode::Auto, HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner})
        if (name == handleModeName(m)) return m;
    return std::nullopt;
}

const char *frameModeName(FrameMode mode) { return mode == FrameMode::Upright ? "upright" : "minimal-twist"; }

std::optional<FrameMode> frameModeFromName(const std::string &name)
{
    if (name == "upright") return FrameMode::Upright;
    if (name == "minimal-twist") return FrameMode::MinimalTwist;
    return std::nullopt;
}

const char *patrolModeName(PatrolMode mode)
{
    switch (mode) {
    case PatrolMode::Loop: return "loop";
    case PatrolMode::PingPong: return "pingpong";
    case PatrolMode::Once: return "once";
    }
    return "loop";
}

std::optional<SplineKind> splineKindFromName(const std::string &name)
{
    if (name == "catmull-rom") return SplineKind::CatmullRom;
    if (name == "linear") return SplineKind::Linear;
    if (name == "bezier") return SplineKind::Bezier;
    return std::nullopt;
}

std::optional<PatrolMode> patrolModeFromName(const std::string &name)
{
    if (name == "loop") return PatrolMode::Loop;
    if (name == "pingpong") return PatrolMode::PingPong;
    if (name == "once") return PatrolMode::Once;
    return std::nullopt;
}

const char *patrolFollowName(PatrolFollow follow)
{
    switch (follow) {
    case PatrolFollow::Graph: return "graph";
    case PatrolFollow::NavMesh: return "navmesh";
    }
    return "graph";
}

std::optional<PatrolFollow> patrolFollowFromName(const std::string &name)
{
    if (name == "graph") return PatrolFollow::Graph;
    if (name == "navmesh") return PatrolFollow::NavMesh;
    return std::nullopt;
}

const char *railEndName(RailEnd end) { return end == RailEnd::Start ? "start" : "end"; }

std::optional<RailEnd> railEndFromName(const std::string &name)
{
    if (name == "start") return RailEnd::Start;
    if (name == "end") return RailEnd::End;
    return std::nullopt;
}

} // namespace railforge::document
