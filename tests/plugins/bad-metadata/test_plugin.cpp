// A plugin whose metadata is inconsistent (default outside [min, max]): it must be skipped with a message.
#include "railforge/smoothing_strategy.h"

#include <QObject>

class BadMetadataPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        return railforge::SmoothingResult::success(points);
    }
};

#include "test_plugin.moc"
