#include "document/dcc/curves_file.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

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
    return core::Vec3{a[0].toDouble(), a[1].toDouble(), a[2].toDouble()};
}

} // namespace

std::optional<std::vector<ImportedCurve>> readCurvesFile(std::string_view text, const std::string &fileName,
                                                         Diagnostics &diagnostics)
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
    if (root.value("format").toString() != "railforge-curves" || root.value("version").toInt() != 1)
        return fail("not a RailForge curves file (format \"railforge-curves\", version 1)");
    std::vector<ImportedCurve> curves;
    const QJsonArray list = root.value("curves").toArray();
    for (qsizetype c = 0; c < list.size(); ++c) {
        const QJsonObject o = list[c].toObject();
        const std::string where = "curve " + std::to_string(c + 1);
        ImportedCurve curve;
        curve.id = o.value("id").toString().toStdString();
        if (curve.id.empty()) return fail(where + ": no id");
        curve.closed = o.value("closed").toBool();
        const auto frame = frameModeFromName(o.value("frame").toString("minimal-twist").toStdString());
        if (!frame) return fail(where + " '" + curve.id + "': unknown frame");
        curve.frame = *frame;
        const QJsonArray points = o.value("points").toArray();
        if (points.size() < 2) return fail(where + " '" + curve.id + "': fewer than 2 points");
        for (qsizetype i = 0; i < points.size(); ++i) {
            const QJsonObject p = points[i].toObject();
            const auto co = vec3(p.value("co")), left = vec3(p.value("left")), right = vec3(p.value("right"));
            const double tilt = p.value("tilt").toDouble(0.0);
            if (!co || !left || !right || !std::isfinite(tilt))
                return fail(where + " '" + curve.id + "', point " + std::to_string(i + 1) +
                            ": co, left and right must be three finite numbers each");
            curve.points.push_back({*co, *left, *right, p.value("left_type").toString("FREE").toStdString(),
                                    p.value("right_type").toString("FREE").toStdString(), tilt});
        }
        curves.push_back(std::move(curve));
    }
    return curves;
}

} // namespace railforge::document
