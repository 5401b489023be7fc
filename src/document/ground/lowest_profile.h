// The lowest profile of a rail over the ground, sampled along its plan path (rail_height_fit.h
// lowestProfile), with the path it was read from: what the fit follows and checks against.
#pragma once

#include "document/ground/plan_path.h"
#include "document/ground/rail_height_fit.h"

#include <optional>
#include <string>

namespace railforge::document {

struct SampledProfile {
    PlanPath path;
    LowestProfile profile;
};

// The rail's path and its lowest profile and target under `options`; nothing, and `error` says why,
// as lowestProfile.
std::optional<SampledProfile> sampleProfile(const Rail &rail, const core::GroundSet &ground,
                                            const FitHeightsOptions &options, std::string *error);

} // namespace railforge::document
