// A strategy that allocates (and touches) memory until there is none, letting std::bad_alloc escape.
#include <railforge/smoothing_strategy.h>

#include <QObject>

#include <vector>

class BadMemoryPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-memory.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        std::vector<std::vector<railforge::Vec3>> hoard;
        for (;;) hoard.emplace_back(std::size_t(1) << 22, points.front()); // 96 MB a time, all written
    }
};

#include "bad_memory.moc"
