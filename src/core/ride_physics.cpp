#include "core/ride_physics.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {
namespace {

// The normal force per unit mass (m/s^2) at a row for a kinetic energy per unit mass e (J/kg).
double normalForce(const ProfileRow &row, double e, double metresPerUnit)
{
    const Vec3 curvature = row.curvatureVector / metresPerUnit; // per metre
    const Vec3 liftAcross = Vec3{0.0, 0.0, 1.0} - row.tangent * row.tangent.z;
    return length(curvature * (2.0 * e) + liftAcross * kStandardGravity);
}

double speedOf(double energy) { return std::sqrt(2.0 * std::max(energy, 0.0)); }

double entryOr(const std::vector<double> &values, std::size_t i, double otherwise)
{
    return i < values.size() && std::isfinite(values[i]) ? values[i] : otherwise;
}

} // namespace

RideOutcome simulateRide(const std::vector<ProfileRow> &rows, double v0, const RidePhysics &physics,
                         const RideActions &actions)
{
    RideOutcome out;
    if (rows.empty()) return out;
    const double metres = physics.metresPerUnit;
    const auto chainAt = [&](std::size_t i) { return std::max(entryOr(actions.chain, i, 0.0), 0.0); };
    // A chain pulls first; a brake on the same row has the last word.
    const auto act = [&](std::size_t i, double v) {
        return std::min(std::max(v, chainAt(i)), std::max(entryOr(actions.brake, i, kNoBrake), 0.0));
    };
    const auto record = [&](std::size_t i, double t, double v) {
        const RiderForces f = riderForces(rows[i], v, metres);
        out.states.push_back({rows[i].s, t, v, f.vertical, f.lateral});
    };

    double v = act(0, std::isfinite(v0) ? std::max(v0, 0.0) : 0.0);
    double t = 0.0;
    record(0, t, v);
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
        const ProfileRow &a = rows[i];
        const ProfileRow &b = rows[i + 1];
        const double h = (b.s - a.s) * metres;
        const double e0 = 0.5 * v * v;
        // Drag alone is linear in the energy (de/ds = -2k e): its exact decay over the step, with the
        // other work spread evenly over the step and decayed with it.
        const double kh = 2.0 * physics.drag * h;
        const double decay = std::exp(-kh);
        const double spread = kh > 1e-12 ? (1.0 - decay) / kh : 1.0;
        const double gravityWork = -kStandardGravity * (b.position.z - a.position.z) * metres;
        const double n0 = normalForce(a, e0, metres);
        const auto energyAtEnd = [&](double n1) {
            return e0 * decay + (gravityWork - physics.friction * h * 0.5 * (n0 + n1)) * spread;
        };
        // Heun: the normal force at the end depends on the speed there.
        double e1 = energyAtEnd(n0);
        e1 = energyAtEnd(normalForce(b, std::max(e1, 0.0), metres));

        const bool chained = chainAt(i) > 0.0 || chainAt(i + 1) > 0.0;
        if (!chained && (e1 < 0.0 || (e0 <= 0.0 && e1 <= 0.0))) {
            // The energy falls from e0 to e1 along the step, evenly on a steady slope: it is spent
            // at the fraction w of the step, reached at a steady deceleration in time 2 w h / v.
            const double w = e0 > e1 ? e0 / (e0 - e1) : 0.0;
            out.stalled = true;
            out.stallS = a.s + w * (b.s - a.s);
            out.stallT = t + (v > 0.0 ? 2.0 * w * h / v : 0.0);
            return out;
        }
        const double v1 = act(i + 1, speedOf(e1));
        // Time over the step at a steady acceleration from v to v1.
        if (v + v1 > 0.0) t += 2.0 * h / (v + v1);
        v = v1;
        record(i + 1, t, v);
    }
    return out;
}

std::optional<double> speedToFinish(const std::vector<ProfileRow> &rows, const RidePhysics &physics,
                                    const RideActions &actions, double most)
{
    const auto finishes = [&](double v0) { return !simulateRide(rows, v0, physics, actions).stalled; };
    if (finishes(0.0)) return 0.0;
    if (!finishes(most)) return std::nullopt;
    double low = 0.0;
    double high = most;
    while (high - low > 1e-4) {
        const double mid = 0.5 * (low + high);
        (finishes(mid) ? high : low) = mid;
    }
    return high;
}

} // namespace railforge::core
