// Property test (RapidCheck): every edit keeps the level whole (docs/design.md "Places along rails",
// "One set of rules"). Random networks (junctions at ends and mid-rail) whose rails carry channels
// with point keys and keys at s; random sequences of the editor's edits (move, insert and delete
// points, insert on the curve, move a Bezier handle, tilt, bank, rename, drape-like reshapes with
// added points, undo, redo) and of what `railforge-cli bank` and `railforge-cli drape` do to a
// level (the rail edited, then kept whole by keepLevelWhole, with no undo). After each:
// - the level written out loads back with no error (and so does a save over the original text);
// - every linked end is on its junction's point in the plan to 1e-6;
// - a junction or key at s whose segment the edit left as it was is at the same point to 1e-6;
// - undo gives back exactly the level before.
//
// RC_PARAMS="max_success=2000" runs more cases.
#include "document/editing/junction_keeping.h"
#include "document/editing/level_document.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/ground/rail_drape.h"
#include "document/model/rail_banking.h"
#include "document/model/rail_geometry.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include "gridded_ground.h"
#include "random_network.h"

#include <QCoreApplication>

#include <map>

using namespace railforge;
using namespace railforge::document;

namespace {

core::ArcLengthTable tableOf(const Rail &rail) { return core::buildArcLengthTable(railCurve(rail)); }

// A place along a rail kept by s, and what the test knows of it before an edit.
struct Place {
    std::string what; // "junction j1", "key 17 of r2"
    std::string rail;
    core::Vec3 position;
    std::optional<core::CubicBezier> segment; // its segment's cubic
};

std::size_t segmentAt(const core::ArcLengthTable &table, double s)
{
    std::size_t i = 0;
    while (i + 1 < table.segments.size() && core::arcLengthAt(table, {i + 1, 0.0}) <= s) ++i;
    return i;
}

Place placeOf(const std::string &what, const Rail &rail, double s)
{
    const core::ArcLengthTable table = tableOf(rail);
    Place p{what, rail.id, core::sampleAt(table, s).position, std::nullopt};
    if (!table.segments.empty()) p.segment = table.segments[segmentAt(table, s)];
    return p;
}

// Every junction at s and every channel key at s, by a name that survives edits (keys by value).
std::map<std::string, Place> places(const Level &level)
{
    std::map<std::string, Place> out;
    for (const Junction &j : level.junctions) {
        const int r = findRail(level, j.rail);
        if (!j.end && r >= 0)
            out.emplace("junction " + j.id, placeOf("junction " + j.id, level.rails[std::size_t(r)], j.s));
    }
    for (const Rail &rail : level.rails)
        for (const RailChannel &c : rail.channels)
            for (const ChannelKey &k : c.keys)
                if (!k.point) {
                    const std::string name = "key " + std::to_string(int(k.value.number)) + " of " + rail.id;
                    out.emplace(name, placeOf(name, rail, k.s));
                }
    return out;
}

bool sameCubic(const core::CubicBezier &a, const core::CubicBezier &b) { return a.p == b.p; }

// Random channels: a "speed" float channel on some rails, its keys at points and at s, each value
// unique so a key can be followed through edits.
void addChannels(Level &level)
{
    int value = 1;
    for (Rail &rail : level.rails) {
        if (!*rc::gen::arbitrary<bool>()) continue;
        const double length = core::totalLength(tableOf(rail));
        RailChannel channel;
        channel.name = "speed";
        std::vector<double> used;
        const int keys = *rc::gen::inRange(1, 6);
        for (int k = 0; k < keys; ++k) {
            ChannelKey key;
            if (*rc::gen::arbitrary<bool>()) {
                key.point = std::size_t(*rc::gen::inRange(0, int(rail.points.size())));
                key.s = 0;
            } else {
                key.s = length * *rc::gen::inRange(1, 999) / 1000.0;
            }
            key.value.number = double(value++);
            channel.keys.push_back(key);
        }
        // One value per place: drop keys that share one.
        std::vector<ChannelKey> distinct;
        const core::ArcLengthTable table = tableOf(rail);
        for (const ChannelKey &key : channel.keys) {
            const double s = key.point ? pointArcLength(table, rail.points.size(), *key.point) : key.s;
            if (std::any_of(used.begin(), used.end(), [&](double u) { return std::abs(u - s) < 1e-3; })) continue;
            used.push_back(s);
            distinct.push_back(key);
        }
        channel.keys = distinct;
        rail.channels.push_back(channel);
    }
}

// A rolling terrain under every random network (±400 in x and y, heights ±6).
const core::GroundSet &rollingGround()
{
    static const core::GroundSet ground =
        testing::griddedGround([](double x, double y) { return 6 * std::sin(x / 23) * std::cos(y / 31); }, -10, 10, 40);
    return ground;
}

// What the CLI does to a level (cli_io.cpp rewriteRail): the rail replaced, `whole` run, then kept
// whole as the editor keeps it. The document takes the result without an undo step, as a file would.
void asTheCliDoes(LevelDocument &document, const std::string &railId, const std::function<Rail(const Rail &)> &edit,
                  const std::function<void(Level &)> &whole = {})
{
    const Level before = document.level();
    Level level = before;
    Rail &rail = level.rails[std::size_t(findRail(level, railId))];
    rail = edit(rail);
    if (whole) whole(level);
    keepLevelWhole(before, level);
    document.setLevel(std::move(level));
}

// One random edit through the editor's own functions; its name for the log.
std::string randomEdit(LevelDocument &document)
{
    const Level &level = document.level();
    const Rail &rail = level.rails[std::size_t(*rc::gen::inRange(0, int(level.rails.size())))];
    const std::size_t n = rail.points.size();
    const std::size_t k = std::size_t(*rc::gen::inRange(0, int(n)));
    auto offset = [] {
        return core::Vec3{double(*rc::gen::inRange(-50, 51)) / 10, double(*rc::gen::inRange(-50, 51)) / 10,
                          double(*rc::gen::inRange(-20, 21)) / 10};
    };
    switch (*rc::gen::inRange(0, 12)) {
    case 10: {
        // railforge-cli drape --clearance 1.5 --follow 0.25 (at most 35°, at most 200 points added).
        DrapeOptions options;
        options.clearance = 1.5;
        options.follow = 0.25;
        const std::string id = rail.id; // `rail` goes with the level the CLI replaces
        asTheCliDoes(document, id, [&](const Rail &r) { return drapeRail(r, rollingGround(), options).rail; });
        return "cli drape " + id;
    }
    case 11: {
        // railforge-cli bank: at the rail's speed channel when it has one, else --speed 8; then each
        // linked end takes its trunk's tilt.
        const std::string id = rail.id; // `rail` goes with the level the CLI replaces
        asTheCliDoes(
            document, id,
            [](const Rail &r) {
                if (auto banked = bankedForSpeedChannel(r, 1, {30})) return banked->rail;
                return bankedForSpeed(r, 8, 1, {30}).rail;
            },
            [id](Level &edited) { keepTiltAcrossJunctions(edited, id); });
        return "cli bank " + id;
    }
    case 0:
        moveRailPoint(document, rail.id, k, rail.points[k] + offset());
        return "move point " + std::to_string(k) + " of " + rail.id;
    case 1: {
        if (n < 2) return "nothing";
        const std::size_t at = std::max<std::size_t>(1, k);
        insertRailPoint(document, rail.id, at,
                        (rail.points[at - 1] + rail.points[std::min(at, n - 1)]) * 0.5 + offset());
        return "insert point " + std::to_string(at) + " of " + rail.id;
    }
    case 2: removeRailPoint(document, rail.id, k); return "delete point " + std::to_string(k) + " of " + rail.id;
    case 3:
        insertRailPointOnCurve(document, rail.id, std::min(k, n - 2), *rc::gen::inRange(1, 99) / 100.0);
        return "insert on the curve of " + rail.id;
    case 4:
        setRailSpline(document, rail.id, SplineKind::Bezier);
        moveRailHandle(document, rail.id, k, HandleSide::Out, offset(), true);
        return "move a handle of point " + std::to_string(k) + " of " + rail.id;
    case 5:
        setRailPointTilt(document, rail.id, k, *rc::gen::inRange(-45, 46));
        return "tilt point " + std::to_string(k) + " of " + rail.id;
    case 6:
        editRail(
            document, rail.id, [](const Rail &r) { return bankedForSpeed(r, 12, 1, {30}).rail; }, "Bank");
        return "bank " + rail.id;
    case 7: {
        std::string error;
        renameObject(document, {ObjectKind::Rail, rail.id}, rail.id + "x", &error);
        return "rename " + rail.id;
    }
    case 8: {
        // As drape --follow does: every height changes and points are added between (x and y kept).
        editRail(
            document, rail.id,
            [](const Rail &r) {
                Rail out = r;
                out.points.clear();
                for (std::size_t i = 0; i < r.points.size(); ++i) {
                    out.points.push_back(r.points[i] + core::Vec3{0, 0, 0.5});
                    if (i + 1 < r.points.size() && i % 2 == 0)
                        out.points.push_back((r.points[i] + r.points[i + 1]) * 0.5 + core::Vec3{0, 0, 2});
                }
                out.handles.clear();
                out.tilts.clear();
                for (RailChannel &c : out.channels)
                    for (ChannelKey &key : c.keys)
                        if (key.point) {
                            key.s = 0; // point keys follow their points: here re-indexed by hand
                            std::size_t p = *key.point;
                            key.point = p + (p + 1) / 2;
                        }
                return out;
            },
            "Drape");
        return "drape-like reshape of " + rail.id;
    }
    default: {
        // Move the whole rail.
        const auto o = offset();
        moveObjects(document, {{ObjectKind::Rail, rail.id}}, o);
        return "move " + rail.id;
    }
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool ok = rc::check("every edit keeps the level whole", [] {
        Level generated = railforge::test::randomNetwork();
        addChannels(generated);
        const std::string original = writeLevel(generated);
        const LoadResult first = readLevel(original, "level.yaml");
        for (const Diagnostic &d : first.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n";
        RC_PRE(first.level.has_value()); // the generator may put keys too close to load: not this test's matter
        LevelDocument document;
        document.setLevel(*first.level);
        const int steps = *rc::gen::inRange(1, 9);
        for (int step = 0; step < steps; ++step) {
            const Level before = document.level();
            const auto placesBefore = places(before);
            const int undoIndex = document.undoStack()->index();
            const std::string edit = randomEdit(document);
            RC_LOG() << "step " << step << ": " << edit << "\n";
            const Level &after = document.level();
            // It loads: written anew and over the original text.
            for (const std::string &text : {writeLevel(after), rewriteLevel(original, after, &*first.level).text}) {
                const LoadResult loaded = readLevel(text, "edited.yaml");
                for (const Diagnostic &d : loaded.diagnostics)
                    if (d.severity == Severity::Error) RC_LOG() << formatDiagnostic(d) << "\n" << text << "\n";
                RC_ASSERT(!hasErrors(loaded.diagnostics));
            }
            // Linked ends on their junctions' points.
            for (const Junction &j : after.junctions) {
                const auto point = junctionPlace(after, j);
                RC_ASSERT(point.has_value());
                for (const JunctionLink &l : j.links) {
                    const Rail &linked = after.rails[std::size_t(findRail(after, l.rail))];
                    const core::Vec3 end = l.end == RailEnd::Start ? linked.points.front() : linked.points.back();
                    RC_ASSERT(std::hypot(end.x - point->x, end.y - point->y) <= 1e-6);
                }
            }
            // Places on segments the edit left as they were stay put.
            const auto placesAfter = places(after);
            for (const auto &[name, was] : placesBefore) {
                const auto now = placesAfter.find(name);
                if (now == placesAfter.end() || !was.segment) continue;
                const Rail &railNow = after.rails[std::size_t(findRail(after, now->second.rail))];
                const core::ArcLengthTable table = tableOf(railNow);
                const auto same = std::count_if(table.segments.begin(), table.segments.end(),
                                                [&](const core::CubicBezier &b) { return sameCubic(b, *was.segment); });
                if (same != 1) continue;
                const double moved = core::length(now->second.position - was.position);
                if (moved > 1e-6) RC_LOG() << name << " moved by " << moved << "\n";
                RC_ASSERT(moved <= 1e-6);
            }
            // Undo gives back exactly what was; redo the edit again.
            const int doneIndex = document.undoStack()->index();
            if (doneIndex != undoIndex) {
                const Level edited = document.level();
                while (document.undoStack()->index() > undoIndex) document.undoStack()->undo();
                RC_ASSERT(document.level() == before);
                while (document.undoStack()->index() < doneIndex) document.undoStack()->redo();
                RC_ASSERT(document.level() == edited);
            }
        }
    });
    return ok ? 0 : 1;
}
