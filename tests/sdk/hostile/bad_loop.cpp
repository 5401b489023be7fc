// A strategy that never returns (it sleeps rather than spins, to spare the test machine's cores;
// the host cannot tell the difference).
#include <railforge/smoothing_strategy.h>

#include <QObject>

#include <chrono>
#include <thread>

class BadLoopPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-loop.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        for (volatile bool running = true; running;) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        return railforge::SmoothingResult::success(points);
    }
};

#include "bad_loop.moc"
