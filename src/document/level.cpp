#include "document/level.h"

namespace railforge::document {

const char *splineKindName(SplineKind kind)
{
    return kind == SplineKind::Linear ? "linear" : "catmull-rom";
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
    if (name == "catmull-rom")
        return SplineKind::CatmullRom;
    if (name == "linear")
        return SplineKind::Linear;
    return std::nullopt;
}

std::optional<PatrolMode> patrolModeFromName(const std::string &name)
{
    if (name == "loop")
        return PatrolMode::Loop;
    if (name == "pingpong")
        return PatrolMode::PingPong;
    if (name == "once")
        return PatrolMode::Once;
    return std::nullopt;
}

} // namespace railforge::document
