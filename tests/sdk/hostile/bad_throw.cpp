// A strategy with a bug: an out-of-range lookup throws std::out_of_range out of a noexcept smooth().
#include <railforge/smoothing_strategy.h>

#include <QObject>

class BadThrowPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-throw.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        std::vector<railforge::Vec3> out;
        out.push_back(points.at(points.size())); // one past the end
        return railforge::SmoothingResult::success(out);
    }
};

#include "bad_throw.moc"
