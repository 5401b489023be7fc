// A plugin built against another interface version: the registry must skip it without loading it.
#include "railforge/smoothing_strategy.h"

#include <QObject>

class WrongIidPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID "org.railforge.SmoothingStrategy/0" FILE "plugin.json")
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        return railforge::SmoothingResult::success(points);
    }
};

#include "test_plugin.moc"
