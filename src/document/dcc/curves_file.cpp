#include "document/dcc/curves_file.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>

namespace railforge::document {
namespace {

// The 1-based line and column of a byte offset.
std::pair<int, int> placeOf(std::string_view text, std::size_t offset)
{
    int line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

std::optional<core::Vec3> vec3(const QJsonValue &v)
{
    const QJsonArray a = v.toArray();
    if (a.size() != 3) return std::nullopt;
    for (const auto &x : a)
        if (!x.isDouble() || !std::isfinite(x.toDouble())) return std::nullopt;
    return core::Vec3{shortestFloat32(a[0].toDouble()), shortestFloat32(a[1].toDouble()),
                      shortestFloat32(a[2].toDouble())};
}

std::optional<BlenderSpline> splineOf(const QString &name)
{
    if (name.isEmpty() || name == "BEZIER") return BlenderSpline::Bezier;
    if (name == "POLY") return BlenderSpline::Poly;
    if (name == "NURBS") return BlenderSpline::Nurbs;
    return std::nullopt;
}

} // namespace

double shortestFloat32(double x)
{
    if (!std::isfinite(x) || std::abs(x) > 3.0e38) return x;
    char buffer[64];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, float(x));
    double out = x;
    std::from_chars(buffer, written.ptr, out);
    return out;
}

double shortestFloat32Degrees(double degrees)
{
    if (!std::isfinite(degrees)) return degrees;
    constexpr double toRadians = std::numbers::pi / 180.0;
    const float radians = float(degrees * toRadians);
    for (int digits = 1; digits <= 17; ++digits) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, degrees);
        double candidate = degrees;
        std::from_chars(buffer, buffer + std::strlen(buffer), candidate);
        if (float(candidate * toRadians) == radians) return candidate;
    }
    return degrees;
}

std::optional<CurvesFile> readCurvesFile(std::string_view text, const std::string &fileName, Diagnostics &diagnostics)
{
    const auto fail = [&](const std::string &message, std::size_t offset = 0) {
        const auto [line, column] = placeOf(text, offset);
        diagnostics.push_back({Severity::Error, fileName, line, column, message});
        return std::nullopt;
    };
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray(text.data(), qsizetype(text.size())), &error);
    if (error.error != QJsonParseError::NoError)
        return fail("not JSON: " + error.errorString().toStdString(), std::size_t(error.offset));
    const QJsonObject root = json.object();
    const int version = root.value("version").toInt();
    if (root.value("format").toString() != "railforge-curves" || (version != 1 && version != 2))
        return fail("not a RailForge curves file (format \"railforge-curves\", version 1 or 2)");
    CurvesFile file;
    if (root.contains("scene_rails")) {
        std::vector<std::string> ids;
        for (const auto &id : root.value("scene_rails").toArray()) ids.push_back(id.toString().toStdString());
        file.sceneRails = std::move(ids);
    }
    std::vector<ImportedCurve> &curves = file.curves;
    const QJsonArray list = root.value("curves").toArray();
    for (qsizetype c = 0; c < list.size(); ++c) {
        const QJsonObject o = list[c].toObject();
        const std::string where = "curve " + std::to_string(c + 1);
        ImportedCurve curve;
        curve.id = o.value("id").toString().toStdString();
        if (curve.id.empty()) return fail(where + ": no id");
        curve.name = o.value("name").toString().toStdString();
        if (curve.name.empty()) curve.name = curve.id;
        curve.importedName = o.value("imported_name").toString().toStdString();
        curve.splineIndex = o.value("spline_index").toInt(0);
        const auto spline = splineOf(o.value("spline_type").toString());
        if (!spline) return fail(where + " '" + curve.id + "': spline_type must be BEZIER, POLY or NURBS");
        curve.spline = *spline;
        curve.closed = o.value("closed").toBool();
        const auto frame = frameModeFromName(o.value("frame").toString("minimal-twist").toStdString());
        if (!frame) return fail(where + " '" + curve.id + "': unknown frame");
        curve.frame = *frame;
        const QJsonArray points = o.value("points").toArray();
        if (points.size() < 2) return fail(where + " '" + curve.id + "': fewer than 2 points");
        for (qsizetype i = 0; i < points.size(); ++i) {
            const QJsonObject p = points[i].toObject();
            const auto co = vec3(p.value("co")), left = vec3(p.value("left")), right = vec3(p.value("right"));
            const double tilt = shortestFloat32Degrees(p.value("tilt").toDouble(0.0));
            if (!co || !left || !right || !std::isfinite(tilt))
                return fail(where + " '" + curve.id + "', point " + std::to_string(i + 1) +
                            ": co, left and right must be three finite numbers each");
            curve.points.push_back({*co, *left, *right, p.value("left_type").toString("FREE").toStdString(),
                                    p.value("right_type").toString("FREE").toStdString(), tilt});
        }
        curves.push_back(std::move(curve));
    }
    return file;
}

} // namespace railforge::document
