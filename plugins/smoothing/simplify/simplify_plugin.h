// SimplifyPlugin: Ramer-Douglas-Peucker (simplify.h) as a RailForge smoothing strategy, id "simplify".
#pragma once

#include <railforge/smoothing_strategy.h>

#include <QObject>

namespace railforge::simplify {

// The strategy object Qt's plugin loader instantiates; parameters and ranges are in plugin.json.
class SimplifyPlugin : public QObject, public SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
    Q_INTERFACES(railforge::SmoothingStrategy)

public:
    // Checks the input, runs simplify::smooth with the "epsilon" parameter and turns every failure into
    // a message; never throws. The context is not needed.
    SmoothingResult smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                           const SmoothingContext &context) const noexcept override;
};

} // namespace railforge::simplify
