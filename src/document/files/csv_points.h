// Paths as CSV: one point a line, "x,y" or "x,y,z"; '#' comments and one header line allowed.
#pragma once

#include "core/arc_length.h"
#include "core/vec3.h"
#include "document/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// Points read from CSV and their dimension (2 or 3; 2D points have z = 0).
struct CsvPoints {
    std::vector<core::Vec3> points;
    int dimension = 2;
};

// The most bytes a CSV input may have (docs/design.md "Input limits").
inline constexpr std::size_t kMaxCsvBytes = 256u * 1024u * 1024u;

// Parses CSV text; every malformed line is reported as FILE:LINE:COLUMN (the whole input is refused
// when any line is bad). All data lines must have the same number of columns; coordinates must lie
// within [-kMaxCoordinate, kMaxCoordinate] (number_limits.h).
std::optional<CsvPoints> readCsvPoints(std::string_view text, const std::string &fileName, Diagnostics &diagnostics);

// A number with 17 significant digits (full precision, round-trips exactly); NaN and infinities
// throw NonFiniteOutput (finite_output.h).
std::string formatCsvNumber(double value);

// "x,y" or "x,y,z" lines for the points, in the given dimension, with a header line.
std::string writeCsvPoints(const std::vector<core::Vec3> &points, int dimension);

// A text field for CSV output: quoted (with doubled quotes) when it holds a comma, quote or line break.
std::string csvField(const std::string &text);

// Rows "s,x,y,z,tx,ty,tz,ux,uy,uz" (with that header line) for sampled or vertex paths, ups[i] the
// up vector of rows[i]; a tangent or up that is not unit length, or an up not orthogonal to its
// tangent, throws NonFiniteOutput.
std::string writeSampleCsv(const std::vector<core::CurveSample> &rows, const std::vector<core::Vec3> &ups);
// The same with more columns after uz: `extraNames` their headers, `extraCells[i]` row i's fields
// (already CSV text).
std::string writeSampleCsv(const std::vector<core::CurveSample> &rows, const std::vector<core::Vec3> &ups,
                           const std::vector<std::string> &extraNames,
                           const std::vector<std::vector<std::string>> &extraCells);

} // namespace railforge::document
