// A strategy that misbehaves on request, to test that the host reports it and keeps the document.
#include "railforge/smoothing_strategy.h"

#include <QObject>

#include <cmath>

class MisbehavingPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &params,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        const std::string &mode = params.choice("mode");
        if (mode == "error") return railforge::SmoothingResult::failure("asked to fail");
        if (mode == "nan") {
            auto out = points;
            if (!out.empty()) out.back().y = std::nan("");
            return railforge::SmoothingResult::success(std::move(out));
        }
        if (mode == "huge") {
            try {
                return railforge::SmoothingResult::success(std::vector<railforge::Vec3>(30'000'000));
            } catch (...) {
                return railforge::SmoothingResult::failure("out of memory");
            }
        }
        return railforge::SmoothingResult::success(points);
    }
};

#include "test_plugin.moc"
