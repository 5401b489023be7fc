// libFuzzer target: the CSV point reader on arbitrary bytes, with a round-trip oracle.
//
// readCsvPoints must not crash, hang or leak, must return points exactly when it reports no
// error, and must place every diagnostic on a line of the text. When it parses, writeCsvPoints
// followed by a second read must give the same dimension and identical points (17 significant
// digits round-trip exactly; -0 is written as 0, which compares equal). Violations abort().
//
// Build (tests/fuzz/CMakeLists.txt does this): clang++-14 -std=c++20 -O1 -g
//   -fsanitize=fuzzer,address,undefined -I src  this file + the Qt-free document/core sources  -lyaml-cpp

#include "document/files/csv_points.h"
#include "document/text/diagnostic.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace railforge::document;

namespace {

[[noreturn]] void fail(const char *what, std::string_view input, const Diagnostics &first, const std::string &written,
                       const Diagnostics &second)
{
    std::fprintf(stderr, "\n*** CSV round-trip oracle: %s\n--- input (%zu bytes) ---\n%.*s\n", what, input.size(),
                 int(std::min<std::size_t>(input.size(), 4000)), input.data());
    for (const Diagnostic &d : first) std::fprintf(stderr, "  %s\n", formatDiagnostic(d).c_str());
    std::fprintf(stderr, "--- writeCsvPoints output ---\n%.*s\n", int(std::min<std::size_t>(written.size(), 4000)),
                 written.c_str());
    for (const Diagnostic &d : second) std::fprintf(stderr, "  %s\n", formatDiagnostic(d).c_str());
    std::abort();
}

bool placesAreSane(const Diagnostics &diagnostics, std::string_view text, const std::string &file)
{
    const long lines = static_cast<long>(std::count(text.begin(), text.end(), '\n')) + 1;
    return std::all_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic &d) {
        return d.file == file && !d.message.empty() && d.line >= 1 && d.line <= lines && d.column >= 1;
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::string name = "fuzz.csv";
    Diagnostics first;
    const auto points = readCsvPoints(input, name, first);

    if (points.has_value() == hasErrors(first))
        fail("points must parse exactly when there is no error", input, first, "", {});
    if (!placesAreSane(first, input, name)) fail("a diagnostic lies outside the text", input, first, "", {});
    if (!points) return 0;
    if (points->dimension != 2 && points->dimension != 3) fail("dimension is neither 2 nor 3", input, first, "", {});

    const std::string written = writeCsvPoints(points->points, points->dimension);
    Diagnostics second;
    const auto again = readCsvPoints(written, "roundtrip.csv", second);
    if (!again) fail("the written CSV does not parse", input, first, written, second);
    if (!second.empty()) fail("the written CSV has diagnostics", input, first, written, second);
    if (again->dimension != points->dimension) fail("the dimension changed", input, first, written, second);
    if (again->points.size() != points->points.size())
        fail("the number of points changed", input, first, written, second);
    for (std::size_t i = 0; i < points->points.size(); ++i) {
        const auto &a = points->points[i];
        const auto &b = again->points[i];
        if (!(a.x == b.x && a.y == b.y && a.z == b.z)) fail("a point changed", input, first, written, second);
        if (points->dimension == 2 && a.z != 0.0) fail("a 2D point has z != 0", input, first, written, second);
    }
    return 0;
}
