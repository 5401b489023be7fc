// libFuzzer target: the level loader on arbitrary bytes, with a round-trip oracle.
//
// For every input: readLevel must not crash, hang or leak, must return a level exactly when it
// reports no error, and must place every diagnostic inside the text. When a level loads, writing
// it (writeLevel) and reading that back must give the same level, with no diagnostic at all, and
// writing the re-read level must give the same bytes (saving twice is stable). And the finiteness
// oracle (tests/support/finite_oracle.h, shared with the property test test_finite_outputs): every
// rail of a loaded level exports (length, equal-spacing samples, Bezier knots) and answers nearest-point
// queries with finite numbers and unit tangents. A text parsed in pieces (yaml_pieces.h) must say
// what the one pass says and give its tree, and a text the quick scan reads must be one the one pass
// reads alike. Any violation abort()s, so libFuzzer records the
// input as a crash. (Patrol routes need the Qt plugin registry: the property test covers them.)
//
// Build (tests/fuzz/CMakeLists.txt does this): clang++-14 -std=c++20 -O1 -g
//   -fsanitize=fuzzer,address,undefined -I src  this file + the Qt-free document/core sources  -lyaml-cpp

#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/text/diagnostic.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_quick_scan.h"

#include "finite_oracle.h"
#include "yaml_tree_difference.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace railforge::document;

namespace {

void dump(const char *title, const Diagnostics &diagnostics)
{
    std::fprintf(stderr, "%s\n", title);
    for (const Diagnostic &d : diagnostics) std::fprintf(stderr, "  %s\n", formatDiagnostic(d).c_str());
}

[[noreturn]] void fail(const char *what, std::string_view input, const Diagnostics &first, const std::string &written,
                       const Diagnostics &second)
{
    std::fprintf(stderr, "\n*** level round-trip oracle: %s\n--- input (%zu bytes) ---\n%.*s\n", what, input.size(),
                 int(std::min<std::size_t>(input.size(), 4000)), input.data());
    dump("--- diagnostics of the input ---", first);
    std::fprintf(stderr, "--- writeLevel output ---\n%s\n", written.c_str());
    dump("--- diagnostics of the written text ---", second);
    std::abort();
}

// Every diagnostic names the file and sits on a line of the text (or at 0:0 when it has no place).
bool placesAreSane(const Diagnostics &diagnostics, std::string_view text, const std::string &file)
{
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n')) + 1;
    return std::all_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic &d) {
        if (d.file != file || d.message.empty()) return false;
        if (d.line == 0) return d.column == 0;
        return d.line >= 1 && d.line <= lines && d.column >= 1;
    });
}

// What the written level may still say: warnings about the level itself (a patrol whose stops are all
// at one place stays so when written), each of which reading the input said too. Nothing new.
bool saysNothingNew(const Diagnostics &written, const Diagnostics &input)
{
    return std::all_of(written.begin(), written.end(), [&](const Diagnostic &d) {
        return d.severity == Severity::Warning &&
               std::any_of(input.begin(), input.end(), [&](const Diagnostic &i) { return i.message == d.message; });
    });
}

// A text parsed in pieces (as a big level is, on two cores) says what the one pass says, and gives
// its tree node for node when it loads.
void checkPieces(std::string_view input, const std::string &name)
{
    YamlLimits onePass, inPieces;
    onePass.piecesFrom = std::size_t(-1);
    inPieces.piecesFrom = 0;
    onePass.quickScan = inPieces.quickScan = false; // checkQuickScan holds the quick scan to the one pass
    Diagnostics a, b;
    const auto whole = parseYamlTree(input, name, a, onePass);
    const auto pieced = parseYamlTree(input, name, b, inPieces);
    std::string said, saidInPieces;
    for (const Diagnostic &d : a) said += formatDiagnostic(d) + "\n";
    for (const Diagnostic &d : b) saidInPieces += formatDiagnostic(d) + "\n";
    if (said != saidInPieces || bool(whole) != bool(pieced))
        fail("parsed in pieces, the text says something else", input, a, "", b);
    if (whole) {
        const std::string difference =
            railforge::testing::yamlTreeDifference(whole->root().data(), pieced->root().data());
        if (!difference.empty()) fail(("parsed in pieces, the tree differs: " + difference).c_str(), input, a, "", b);
    }
}

// A text the quick scan (yaml_quick_scan.h) reads, yaml-cpp's one pass reads without a word into
// the same tree.
void checkQuickScan(std::string_view input, const std::string &name)
{
    const auto quick = quickScanYaml(input);
    if (!quick) return;
    YamlLimits onePass;
    onePass.piecesFrom = std::size_t(-1);
    onePass.quickScan = false;
    Diagnostics said;
    const auto whole = parseYamlTree(input, name, said, onePass);
    if (!whole || !said.empty()) fail("the quick scan read a text the one pass refuses", input, said, "", {});
    const std::string difference = railforge::testing::yamlTreeDifference(whole->root().data(), quick->root().data());
    if (!difference.empty()) fail(("the quick scan's tree differs: " + difference).c_str(), input, said, "", {});
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::string name = "fuzz.yaml";
    checkPieces(input, name);
    checkQuickScan(input, name);
    const LoadResult first = readLevel(input, name);

    if (first.level.has_value() == hasErrors(first.diagnostics))
        fail("a level must load exactly when there is no error", input, first.diagnostics, "", {});
    if (!placesAreSane(first.diagnostics, input, name))
        fail("a diagnostic lies outside the text (or names the wrong file)", input, first.diagnostics, "", {});
    if (!first.level) return 0;

    const std::string written = writeLevel(*first.level);
    const LoadResult second = readLevel(written, "roundtrip.yaml");
    if (!second.level) fail("the written level does not load", input, first.diagnostics, written, second.diagnostics);
    if (!saysNothingNew(second.diagnostics, first.diagnostics))
        fail("the written level says what the input did not", input, first.diagnostics, written, second.diagnostics);
    if (!(*second.level == *first.level))
        fail("the re-read level differs from the loaded one", input, first.diagnostics, written, second.diagnostics);
    if (writeLevel(*second.level) != written)
        fail("writing the re-read level gives different bytes", input, first.diagnostics, written, second.diagnostics);

    const Level &level = *first.level;
    std::vector<railforge::core::Vec3> queries;
    for (const Waypoint &w : level.waypoints) queries.push_back(w.position);
    for (const Rail &rail : level.rails) {
        if (!rail.points.empty()) queries.push_back(rail.points.front() + railforge::core::Vec3{1, -1, 0.5});
    }
    for (const Rail &rail : level.rails) {
        std::vector<double> tilts;
        for (std::size_t i = 0; i < rail.points.size(); ++i) tilts.push_back(pointTilt(rail, i));
        if (auto problem = railforge::testing::railProblem(railCurve(rail), kMinSpacing, queries, tilts))
            fail(("finiteness oracle: rail '" + rail.id + "': " + *problem).c_str(), input, first.diagnostics, written,
                 {});
    }
    return 0;
}
