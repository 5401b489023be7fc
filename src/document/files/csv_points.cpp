#include "document/files/csv_points.h"

#include "document/model/number_limits.h"
#include "document/text/finite_output.h"
#include "document/text/scalar_text.h"

#include <cmath>
#include <cstdio>

namespace railforge::document {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// A field that is a number (plain decimal or exponent form).
std::optional<double> parseField(std::string_view field) { return parseYamlReal(std::string(field)); }

} // namespace

std::optional<CsvPoints> readCsvPoints(std::string_view text, const std::string &fileName, Diagnostics &diagnostics)
{
    const auto errorsBefore = diagnostics.size();
    auto error = [&](int line, int column, std::string message) {
        diagnostics.push_back({Severity::Error, fileName, line, column, std::move(message)});
    };
    if (text.size() > kMaxCsvBytes) {
        error(1, 1, "input is " + std::to_string(text.size()) + " bytes; the limit is " + std::to_string(kMaxCsvBytes));
        return std::nullopt;
    }
    CsvPoints result;
    int columns = 0;
    bool headerAllowed = true;
    int lineNumber = 0;
    std::size_t start = 0;
    while (start <= text.size() && diagnostics.size() - errorsBefore < 100) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view rawLine = text.substr(start, end - start);
        ++lineNumber;
        start = end + 1;
        for (std::size_t i = 0; i < rawLine.size(); ++i) {
            const auto c = static_cast<unsigned char>(rawLine[i]);
            if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
                error(lineNumber, int(i) + 1, "control character in text: is this a binary file?");
                return std::nullopt;
            }
        }
        const std::string_view line = trim(rawLine.substr(0, rawLine.find('#')));
        if (line.empty()) {
            if (end == text.size()) break;
            continue;
        }
        std::vector<std::pair<std::string_view, int>> fields; // text, 1-based column
        std::size_t fieldStart = 0;
        const std::size_t offset = static_cast<std::size_t>(line.data() - rawLine.data());
        for (;;) {
            const std::size_t comma = line.find(',', fieldStart);
            const std::string_view raw =
                line.substr(fieldStart, comma == std::string_view::npos ? std::string_view::npos : comma - fieldStart);
            const std::string_view field = trim(raw);
            const std::size_t lead = static_cast<std::size_t>(field.data() - line.data());
            fields.emplace_back(field, int(offset + (field.empty() ? fieldStart : lead)) + 1);
            if (comma == std::string_view::npos) break;
            fieldStart = comma + 1;
        }
        std::vector<double> values;
        bool anyNumber = false;
        for (const auto &[field, column] : fields) {
            auto v = parseField(field);
            anyNumber = anyNumber || v.has_value();
            values.push_back(v.value_or(0.0));
        }
        if (!anyNumber && headerAllowed) { // the first data line may name the columns ("x,y,z")
            headerAllowed = false;
            continue;
        }
        headerAllowed = false;
        if (fields.size() != 2 && fields.size() != 3) {
            error(lineNumber, fields.front().second,
                  "expected x,y or x,y,z, got " + std::to_string(fields.size()) + " fields");
            continue;
        }
        if (columns == 0) columns = int(fields.size());
        if (int(fields.size()) != columns) {
            error(lineNumber, fields.front().second,
                  "expected " + std::to_string(columns) + " fields like the lines before, got " +
                      std::to_string(fields.size()));
            continue;
        }
        bool good = true;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            auto v = parseField(fields[i].first);
            if (!v) {
                error(lineNumber, fields[i].second, "'" + std::string(fields[i].first) + "' is not a number");
                good = false;
            } else if (!std::isfinite(*v)) {
                error(lineNumber, fields[i].second, "'" + std::string(fields[i].first) + "' is not a finite number");
                good = false;
            } else if (!withinCoordinateRange(*v)) {
                error(lineNumber, fields[i].second,
                      "'" + std::string(fields[i].first) + "' is outside the coordinate range [-1e9, 1e9]");
                good = false;
            }
        }
        if (!good) continue;
        result.points.push_back({values[0], values[1], columns == 3 ? values[2] : 0.0});
        if (end == text.size()) break;
    }
    if (diagnostics.size() != errorsBefore) return std::nullopt;
    result.dimension = columns == 3 ? 3 : 2;
    return result;
}

std::string formatCsvNumber(double value)
{
    requireFinite(value);
    if (value == 0.0) return "0"; // no "-0" in CSV output
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

std::string writeCsvPoints(const std::vector<core::Vec3> &points, int dimension)
{
    std::string out = dimension == 3 ? "x,y,z\n" : "x,y\n";
    out.reserve(points.size() * (dimension == 3 ? 66 : 44) + 8);
    for (const auto &p : points) {
        out += formatCsvNumber(p.x);
        out += ',';
        out += formatCsvNumber(p.y);
        if (dimension == 3) {
            out += ',';
            out += formatCsvNumber(p.z);
        }
        out += '\n';
    }
    return out;
}

std::string csvField(const std::string &text)
{
    if (text.find_first_of(",\"\n\r#") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string writeSampleCsv(const std::vector<core::CurveSample> &rows, const std::vector<core::Vec3> &ups)
{
    return writeSampleCsv(rows, ups, {}, {});
}

std::string writeSampleCsv(const std::vector<core::CurveSample> &rows, const std::vector<core::Vec3> &ups,
                           const std::vector<std::string> &extraNames,
                           const std::vector<std::vector<std::string>> &extraCells)
{
    if (ups.size() != rows.size() || (!extraNames.empty() && extraCells.size() != rows.size()))
        throw NonFiniteOutput("samples, up vectors and extra columns differ in number (a bug: please report it)");
    std::string out = "s,x,y,z,tx,ty,tz,ux,uy,uz";
    for (const std::string &name : extraNames) out += "," + csvField(name);
    out += '\n';
    out.reserve(rows.size() * 170 + 30);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const core::CurveSample &r = rows[i];
        requireUnitTangent(r.tangent);
        requireUnitUp(ups[i], r.tangent);
        for (double v : {r.s, r.position.x, r.position.y, r.position.z, r.tangent.x, r.tangent.y, r.tangent.z, ups[i].x,
                         ups[i].y}) {
            out += formatCsvNumber(v);
            out += ',';
        }
        out += formatCsvNumber(ups[i].z);
        if (!extraNames.empty())
            for (const std::string &cell : extraCells[i]) out += "," + cell;
        out += '\n';
    }
    return out;
}

} // namespace railforge::document
