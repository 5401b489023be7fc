// A strategy whose constructor throws: it can be listed (its metadata is fine) but never loaded.
#include <railforge/smoothing_strategy.h>

#include <QObject>

#include <stdexcept>

class BadCtorPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-ctor.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    BadCtorPlugin() { throw std::runtime_error("licence file not found"); }
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        return railforge::SmoothingResult::success(points);
    }
};

#include "bad_ctor.moc"
