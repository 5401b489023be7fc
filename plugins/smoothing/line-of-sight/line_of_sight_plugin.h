// LineOfSightPlugin: string pulling (line_of_sight.h) as a RailForge smoothing strategy, id "line-of-sight".
#pragma once

#include <railforge/smoothing_strategy.h>

#include <QObject>

namespace railforge::lineofsight {

// The strategy object Qt's plugin loader instantiates; parameters and ranges are in plugin.json.
class LineOfSightPlugin : public QObject, public SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
    Q_INTERFACES(railforge::SmoothingStrategy)

public:
    // Checks the input, runs lineofsight::smooth with context.isClear at the "radius" parameter and
    // turns every failure into a message; never throws.
    SmoothingResult smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                           const SmoothingContext &context) const noexcept override;
};

} // namespace railforge::lineofsight
