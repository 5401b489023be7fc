// A strategy that collapses any path to its first point.
#include <railforge/smoothing_strategy.h>

#include <QObject>

class BadOnePointPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-one-point.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        if (points.empty()) return railforge::SmoothingResult::success({});
        return railforge::SmoothingResult::success({points.front()});
    }
};

#include "bad_one_point.moc"
