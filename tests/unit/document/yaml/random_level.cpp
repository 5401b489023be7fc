#include "random_level.h"

#include "document/model/number_limits.h"
#include "document/model/rail_points.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace railforge::testing {
namespace {

using namespace railforge::document;

// Doubles that stress shortest round-trip printing: tiny, huge, negative zero, integers, thirds.
double randomNumber(std::mt19937_64 &rng)
{
    switch (std::uniform_int_distribution<int>(0, 7)(rng)) {
    case 0: return std::uniform_int_distribution<int>(-1000, 1000)(rng);
    case 1: return std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
    case 2:
        return std::ldexp(std::uniform_real_distribution<double>(-1, 1)(rng),
                          std::uniform_int_distribution<int>(-300, 300)(rng));
    case 3: return -0.0;
    case 4: return 1.0 / std::uniform_int_distribution<int>(1, 99)(rng);
    case 5: {
        // Any finite bit pattern.
        for (;;) {
            std::uint64_t bits = rng();
            double d;
            std::memcpy(&d, &bits, sizeof d);
            if (std::isfinite(d)) return d;
        }
    }
    case 6: return 0.1 * std::uniform_int_distribution<int>(-100, 100)(rng);
    default: return std::uniform_real_distribution<double>(-50, 50)(rng);
    }
}

// Strings a designer (or a bad import) might type: keywords, numbers, quotes, unicode, colons.
std::string randomText(std::mt19937_64 &rng)
{
    static const char *pieces[] = {"w",    "gate", "true", "no", "null", "~", "1",  "2.5", "-3", "1e5",
                                   "#",    "#abc", ": ",   " ",  "\"",   "'", "\\", "\t",  "\n", "é",
                                   "日本", "[",    "]",    "{",  "}",    ",", "&a", "*b",  "!",  "%",
                                   "@",    "`",    "- ",   "?",  "|",    ">", "_x", ".inf"};
    std::string s;
    const int n = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int i = 0; i < n; ++i) s += pieces[std::uniform_int_distribution<std::size_t>(0, std::size(pieces) - 1)(rng)];
    return s;
}

// Text an id or a property name may be: randomText without its control characters (ids refuse them).
std::string randomId(std::mt19937_64 &rng)
{
    std::string s = randomText(rng);
    std::erase_if(s, [](char c) { return static_cast<unsigned char>(c) < 0x20; });
    return s.empty() ? std::string("id") : s;
}

std::string hexColor(std::mt19937_64 &rng)
{
    static const char *digits = "0123456789abcdefABCDEF";
    std::string s = "#";
    const int n = std::bernoulli_distribution(0.5)(rng) ? 6 : 8;
    for (int i = 0; i < n; ++i) s += digits[std::uniform_int_distribution<int>(0, 21)(rng)];
    return s;
}

Properties randomProperties(std::mt19937_64 &rng)
{
    Properties properties;
    const int n = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int i = 0; i < n; ++i) {
        std::string name = "p" + std::to_string(i) + "_" + randomId(rng);
        PropertyValue value;
        switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
        case 0: value = randomText(rng); break;
        case 1: value = static_cast<std::int64_t>(rng()); break;
        case 2: value = randomNumber(rng); break;
        case 3: value = std::bernoulli_distribution(0.5)(rng); break;
        default: value = Color{hexColor(rng)}; break;
        }
        // A string that spells a colour reads back as a colour: that is the format's rule.
        if (auto *s = std::get_if<std::string>(&value); s && isColorText(*s)) *s += "x";
        properties.push_back({std::move(name), std::move(value)});
    }
    return properties;
}

// A random number folded into the coordinate range (docs/design.md "Input limits"), keeping its odd digits.
double randomCoordinate(std::mt19937_64 &rng) { return std::fmod(randomNumber(rng), kMaxCoordinate); }

Vec3 randomPoint(std::mt19937_64 &rng) { return {randomCoordinate(rng), randomCoordinate(rng), randomCoordinate(rng)}; }

// Consecutive rail points are equal or at least kMinRailSegment apart (closer ones are refused).
bool separated(Vec3 a, Vec3 b)
{
    const Vec3 d = b - a;
    return a == b || std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z)}) >= kMinRailSegment;
}

// Rail points: 2 to 10 of them, consecutive ones (and a closed rail's ends) separated, not all equal.
std::vector<Vec3> randomRailPoints(std::mt19937_64 &rng, bool closed)
{
    std::vector<Vec3> points{randomPoint(rng)};
    const int n = std::uniform_int_distribution<int>(2, 10)(rng);
    while (int(points.size()) < n) {
        const bool last = int(points.size()) == n - 1;
        Vec3 p = randomPoint(rng);
        if (!separated(points.back(), p) || (closed && last && !separated(p, points.front()))) continue;
        if (last && std::all_of(points.begin(), points.end(), [&](Vec3 q) { return q == p; })) continue;
        points.push_back(p);
    }
    return points;
}

} // namespace

// Handles in every mode (Bezier rails) and tilts (any rail) on some points, in the forms the reader
// accepts: mirrored in = -out, aligned in a negative multiple of out. Stored canonically (rail_points.h).
void randomPointExtras(std::mt19937_64 &rng, Rail &rail)
{
    const auto offset = [&rng] {
        return Vec3{std::fmod(randomNumber(rng), 1e6), std::fmod(randomNumber(rng), 1e6), 0.0};
    };
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        if (std::bernoulli_distribution(0.3)(rng))
            setPointTilt(rail, i,
                         std::uniform_int_distribution<int>(0, 1)(rng)
                             ? std::fmod(randomNumber(rng), 36000.0)
                             : std::uniform_int_distribution<int>(-4, 4)(rng) * 45.0);
        if (rail.spline != SplineKind::Bezier) continue;
        PointHandles h;
        h.mode = static_cast<HandleMode>(std::uniform_int_distribution<int>(0, 4)(rng));
        h.out = offset();
        switch (h.mode) {
        case HandleMode::Mirrored: h.in = -h.out; break;
        case HandleMode::Aligned: h.in = h.out * -std::uniform_real_distribution<double>(0.1, 3.0)(rng); break;
        case HandleMode::Free: h.in = offset(); break;
        default: break;
        }
        setPointHandles(rail, i, h);
    }
}

// Channels of every type keyed at distinct control points, with values the file keeps exactly.
// A track style with every part sometimes given: a built-in or a custom outline (a random star-free
// polygon round the origin), sizes, ties and supports.
TrackStyle randomTrackStyle(std::mt19937_64 &rng)
{
    const auto chance = [&](double p) { return std::bernoulli_distribution(p)(rng); };
    const auto length = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    TrackStyle t;
    t.section = static_cast<TrackSectionKind>(std::uniform_int_distribution<int>(0, 4)(rng));
    if (t.section == TrackSectionKind::Custom) {
        const int n = std::uniform_int_distribution<int>(3, 8)(rng);
        for (int k = 0; k < n; ++k) {
            const double a = 2 * M_PI * (k + length(0.1, 0.9)) / n, r = length(0.1, 2);
            t.outline.push_back({r * std::cos(a), r * std::sin(a)});
        }
    } else if (chance(0.5)) {
        t.size = length(0.01, 3);
    }
    if (chance(0.5)) t.ties.every = length(0.2, 2);
    if (chance(0.3)) {
        t.ties.box = {length(0.1, 3), length(0.01, 0.5), length(0.05, 0.5)};
    } else if (chance(0.3)) { // a custom tie: a star-shaped polygon under the curve, maybe concave
        const int n = std::uniform_int_distribution<int>(3, 9)(rng);
        for (int k = 0; k < n; ++k) {
            const double a = 2 * M_PI * (k + length(0.1, 0.9)) / n, r = length(0.05, 1.5);
            t.ties.section.push_back({r * std::cos(a), r * std::sin(a) - 0.3});
        }
        if (chance(0.5)) t.ties.along = length(0.05, 0.5);
    }
    if (chance(0.5)) t.supports.every = length(1, 20);
    for (int k = std::uniform_int_distribution<int>(0, 3)(rng); k > 0; --k) t.supports.at.push_back(length(0, 30));
    if (chance(0.3)) t.supports.skip = length(0, 3);
    if (chance(0.3)) t.supports.size = length(0.05, 1);
    if (chance(0.3)) t.supports.footing = length(0.1, 3);
    return t;
}

void randomChannels(std::mt19937_64 &rng, Rail &rail)
{
    const int count = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int c = 0; c < count; ++c) {
        RailChannel channel;
        channel.name = "ch" + std::to_string(c) + "_" + randomId(rng);
        channel.type = static_cast<core::ChannelType>(std::uniform_int_distribution<int>(0, 5)(rng));
        channel.interp = static_cast<core::ChannelInterp>(std::uniform_int_distribution<int>(0, 2)(rng));
        if (!core::interpolationAllowed(channel.type, channel.interp)) channel.interp = core::ChannelInterp::Step;
        for (std::size_t i = 0; i < rail.points.size(); ++i) {
            if (!std::bernoulli_distribution(0.5)(rng) && !(i + 1 == rail.points.size() && channel.keys.empty()))
                continue;
            ChannelKey key;
            key.point = i;
            switch (channel.type) {
            case core::ChannelType::Float: key.value.number = std::fmod(randomNumber(rng), 1e9); break;
            case core::ChannelType::Int:
                key.value.number = std::uniform_int_distribution<int>(-100000, 100000)(rng);
                break;
            case core::ChannelType::Bool: key.value.number = std::bernoulli_distribution(0.5)(rng) ? 1 : 0; break;
            case core::ChannelType::String: key.value.text = randomText(rng); break;
            case core::ChannelType::Event: key.value.text = "e" + randomId(rng); break;
            case core::ChannelType::Colour:
                for (double &v : key.value.colour) v = std::uniform_int_distribution<int>(0, 255)(rng) / 255.0;
                break;
            }
            channel.keys.push_back(std::move(key));
        }
        rail.channels.push_back(std::move(channel));
    }
}

document::Level randomLevel(std::mt19937_64 &rng)
{
    Level level;
    level.info.name = randomText(rng);
    level.info.units = std::bernoulli_distribution(0.8)(rng) ? "m" : randomText(rng);
    if (std::bernoulli_distribution(0.3)(rng)) level.info.track = randomTrackStyle(rng);
    auto count = [&](int max) { return std::uniform_int_distribution<int>(0, max)(rng); };

    const int waypoints = count(12);
    for (int i = 0; i < waypoints; ++i)
        level.waypoints.push_back(
            {"w" + std::to_string(i) + "_" + randomId(rng), randomPoint(rng), randomProperties(rng)});
    if (waypoints >= 2) {
        for (int i = 0; i + 1 < waypoints; ++i) {
            if (!std::bernoulli_distribution(0.7)(rng)) continue;
            Edge e{level.waypoints[i].id, level.waypoints[i + 1].id, std::bernoulli_distribution(0.7)(rng), {}, {}};
            if (std::bernoulli_distribution(0.3)(rng))
                e.cost = std::abs(std::fmod(randomNumber(rng), kMaxEdgeCost)) + 1e-3;
            e.properties = randomProperties(rng);
            level.edges.push_back(std::move(e));
        }
    }
    for (int i = count(4); i > 0; --i) {
        Obstacle o;
        o.id = "o" + std::to_string(i) + "_" + randomId(rng);
        if (std::bernoulli_distribution(0.5)(rng)) {
            o.shape = Obstacle::Shape::Circle;
            o.circle = {{randomCoordinate(rng), randomCoordinate(rng)},
                        std::uniform_real_distribution<double>(0.01, 100)(rng)};
        } else {
            // A convex polygon: points on a circle at increasing angles.
            const double cx = std::uniform_real_distribution<double>(-100, 100)(rng);
            const double cy = std::uniform_real_distribution<double>(-100, 100)(rng);
            const double r = std::uniform_real_distribution<double>(0.5, 20)(rng);
            const int n = std::uniform_int_distribution<int>(3, 9)(rng);
            for (int k = 0; k < n; ++k) {
                const double a = 2 * M_PI * (k + std::uniform_real_distribution<double>(0.1, 0.9)(rng)) / n;
                o.polygon.push_back({cx + r * std::cos(a), cy + r * std::sin(a)});
            }
        }
        o.properties = randomProperties(rng);
        level.obstacles.push_back(std::move(o));
    }
    for (int i = count(4); i > 0; --i) {
        Rail r;
        r.id = "r" + std::to_string(i) + "_" + randomId(rng);
        r.closed = std::bernoulli_distribution(0.3)(rng);
        r.frame = std::bernoulli_distribution(0.5)(rng) ? FrameMode::Upright : FrameMode::MinimalTwist;
        r.points = randomRailPoints(rng, r.closed);
        r.spline =
            static_cast<SplineKind>(std::discrete_distribution<int>({6, 2, 2})(rng)); // catmull-rom, linear, bezier
        randomPointExtras(rng, r);
        r.alpha = std::uniform_int_distribution<int>(0, 2)(rng) * 0.5;
        if (std::bernoulli_distribution(0.2)(rng)) r.alpha = std::uniform_real_distribution<double>(0, 1)(rng);
        r.properties = randomProperties(rng);
        randomChannels(rng, r);
        if (std::bernoulli_distribution(0.4)(rng)) r.track = randomTrackStyle(rng);
        level.rails.push_back(std::move(r));
    }
    // Agents before the patrols that name them: any positive sizes, a slope within (0, 90), a cell now
    // and then.
    for (int i = count(2); i > 0; --i) {
        Agent a;
        a.id = "a" + std::to_string(i) + "_" + randomId(rng);
        a.radius = std::uniform_real_distribution<double>(0.05, 5)(rng);
        a.height = std::uniform_real_distribution<double>(0.1, 10)(rng);
        a.climb = std::bernoulli_distribution(0.2)(rng) ? 0.0 : std::uniform_real_distribution<double>(0, 2)(rng);
        a.slope = std::uniform_real_distribution<double>(1, 89)(rng);
        if (std::bernoulli_distribution(0.3)(rng)) a.cell = std::uniform_real_distribution<double>(0.01, 1)(rng);
        a.properties = randomProperties(rng);
        level.agents.push_back(std::move(a));
    }
    if (waypoints >= 2) {
        for (int i = count(3); i > 0; --i) {
            Patrol p;
            p.id = "p" + std::to_string(i) + "_" + randomId(rng);
            std::vector<Vec3> at;
            for (int k = std::uniform_int_distribution<int>(2, 5)(rng); k > 0; --k) {
                const Waypoint &w = level.waypoints[std::uniform_int_distribution<int>(0, waypoints - 1)(rng)];
                p.stops.push_back(w.id);
                at.push_back(w.position);
            }
            // Stops all at one place are refused (the path would have no length).
            if (std::all_of(at.begin(), at.end(), [&](Vec3 q) { return q == at.front(); })) continue;
            p.mode = static_cast<PatrolMode>(std::uniform_int_distribution<int>(0, 2)(rng));
            if (!level.agents.empty() && std::bernoulli_distribution(0.5)(rng)) {
                p.agent = level.agents[std::uniform_int_distribution<std::size_t>(0, level.agents.size() - 1)(rng)].id;
                if (std::bernoulli_distribution(0.5)(rng)) p.follow = PatrolFollow::NavMesh;
            }
            for (int k = count(3); k > 0; --k)
                p.smoothing.push_back({randomId(rng), randomProperties(rng), std::bernoulli_distribution(0.8)(rng)});
            p.properties = randomProperties(rng);
            level.patrols.push_back(std::move(p));
        }
    }
    return level;
}

} // namespace railforge::testing
