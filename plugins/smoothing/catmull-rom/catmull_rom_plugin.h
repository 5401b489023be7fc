// CatmullRomPlugin: Catmull-Rom resampling (catmull_rom.h) as a RailForge smoothing strategy, id "catmull-rom".
#pragma once

#include <railforge/smoothing_strategy.h>

#include <QObject>

namespace railforge::catmullrom {

// The strategy object Qt's plugin loader instantiates; parameters and ranges are in plugin.json.
class CatmullRomPlugin : public QObject, public SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
    Q_INTERFACES(railforge::SmoothingStrategy)

public:
    // Checks the input, runs catmullrom::smooth and turns every failure (bad input, out of memory,
    // a result that would be too big) into a message; never throws. The context is not needed.
    SmoothingResult smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                           const SmoothingContext &context) const noexcept override;
};

} // namespace railforge::catmullrom
