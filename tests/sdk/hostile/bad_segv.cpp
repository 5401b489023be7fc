// A strategy that writes through a null pointer. The address and the store are volatile so the
// compiler must emit the store (it may drop a store it can prove is undefined): a real SIGSEGV.
#include <railforge/smoothing_strategy.h>

#include <QObject>

#include <cstdint>

class BadSegvPlugin : public QObject, public railforge::SmoothingStrategy {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "bad-segv.json")
    Q_INTERFACES(railforge::SmoothingStrategy)
public:
    railforge::SmoothingResult smooth(const std::vector<railforge::Vec3> &points, bool,
                                      const railforge::ParameterValues &,
                                      const railforge::SmoothingContext &) const noexcept override
    {
        volatile std::uintptr_t nowhere = 0;
        *reinterpret_cast<volatile double *>(nowhere) = points.front().x;
        return railforge::SmoothingResult::success(points);
    }
};

#include "bad_segv.moc"
