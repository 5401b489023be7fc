#include "document/model/track_style.h"

#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

bool positive(double v) { return std::isfinite(v) && v > 0; }

// Twice the outline's signed area (shoelace).
double twiceArea(const std::vector<std::array<double, 2>> &outline)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < outline.size(); ++i) {
        const auto &a = outline[i];
        const auto &b = outline[(i + 1) % outline.size()];
        sum += a[0] * b[1] - b[0] * a[1];
    }
    return sum;
}

} // namespace

const char *trackSectionName(TrackSectionKind kind)
{
    switch (kind) {
    case TrackSectionKind::Rails: return "rails";
    case TrackSectionKind::Tube: return "tube";
    case TrackSectionKind::Ribbon: return "ribbon";
    case TrackSectionKind::Cable: return "cable";
    case TrackSectionKind::Custom: return "custom";
    }
    return "rails";
}

std::optional<TrackSectionKind> trackSectionFromName(const std::string &name)
{
    for (TrackSectionKind k :
         {TrackSectionKind::Rails, TrackSectionKind::Tube, TrackSectionKind::Ribbon, TrackSectionKind::Cable})
        if (name == trackSectionName(k)) return k;
    return std::nullopt;
}

double defaultTrackSizeMetres(TrackSectionKind kind)
{
    switch (kind) {
    case TrackSectionKind::Rails: return 1.435;
    case TrackSectionKind::Tube: return 0.6;
    case TrackSectionKind::Ribbon: return 1.2;
    case TrackSectionKind::Cable: return 0.05;
    case TrackSectionKind::Custom: return 1.0;
    }
    return 1.0;
}

double trackSize(const TrackStyle &style, double metresPerUnit)
{
    if (style.section == TrackSectionKind::Custom) {
        double width = 0.0;
        for (const auto &p : style.outline) width = std::max(width, 2 * std::abs(p[0]));
        return width > 0 ? width : 1.0 / metresPerUnit;
    }
    return style.size ? *style.size : defaultTrackSizeMetres(style.section) / metresPerUnit;
}

core::TrackSection trackSection(const TrackStyle &style, double metresPerUnit)
{
    if (style.section != TrackSectionKind::Custom)
        return core::builtInSection(trackSectionName(style.section), trackSize(style, metresPerUnit));
    core::SectionOutline outline{style.outline, true, false};
    // The sweep wants counter-clockwise outlines (seen along the travel); a designer may type either.
    if (twiceArea(outline.points) < 0) std::reverse(outline.points.begin(), outline.points.end());
    return {{outline}};
}

std::array<double, 3> tieBox(const TrackStyle &style, double metresPerUnit)
{
    if (style.ties.box) return *style.ties.box;
    const double size = trackSize(style, metresPerUnit);
    return {1.8 * size, 0.11 * size, 0.17 * size};
}

double tieAlong(const TrackStyle &style, double metresPerUnit)
{
    return style.ties.along ? *style.ties.along : tieBox(style, metresPerUnit)[2];
}

TrackStyle railTrackStyle(const std::optional<TrackStyle> &own, const std::optional<TrackStyle> &levelDefault)
{
    if (own) return *own;
    return levelDefault.value_or(TrackStyle{});
}

double supportSkip(const TrackStyle &style, double metresPerUnit)
{
    return style.supports.skip ? *style.supports.skip : 1.0 / metresPerUnit;
}

double supportSize(const TrackStyle &style, double metresPerUnit)
{
    return style.supports.size ? *style.supports.size : 0.3 / metresPerUnit;
}

double footingSize(const TrackStyle &style, double metresPerUnit)
{
    return style.supports.footing ? *style.supports.footing : 3 * supportSize(style, metresPerUnit);
}

std::string trackSectionText(const TrackStyle &style)
{
    if (style.section != TrackSectionKind::Custom) return trackSectionName(style.section);
    return "custom (" + std::to_string(style.outline.size()) + " points)";
}

std::string trackSizeText(const std::optional<double> &size) { return size ? formatNumber(*size) : "default"; }

std::string trackTiesText(const TrackTies &ties)
{
    if (!(ties.every > 0)) return "none";
    std::string out = "every " + formatNumber(ties.every);
    if (ties.box)
        out += ", box " + formatNumber((*ties.box)[0]) + " x " + formatNumber((*ties.box)[1]) + " x " +
               formatNumber((*ties.box)[2]);
    if (!ties.section.empty()) out += ", custom (" + std::to_string(ties.section.size()) + " points)";
    if (ties.along) out += ", along " + formatNumber(*ties.along);
    return out;
}

std::string trackSupportsText(const TrackSupports &supports)
{
    std::string out = supports.every > 0 ? "every " + formatNumber(supports.every) : "";
    if (!supports.at.empty()) {
        out += out.empty() ? "at " : ", at ";
        for (std::size_t i = 0; i < supports.at.size(); ++i)
            out += (i == 0 ? "" : i + 1 == supports.at.size() ? " and " : ", ") + formatNumber(supports.at[i]);
    }
    if (out.empty()) return "none";
    if (supports.skip) out += ", skip " + formatNumber(*supports.skip);
    if (supports.size) out += ", size " + formatNumber(*supports.size);
    if (supports.footing) out += ", footing " + formatNumber(*supports.footing);
    return out;
}

std::string trackStyleText(const std::optional<TrackStyle> &style)
{
    if (!style) return "default";
    std::string out = trackSectionText(*style);
    if (style->size) out += " " + formatNumber(*style->size);
    if (style->ties.every > 0) out += ", ties " + trackTiesText(style->ties);
    if (trackSupportsText(style->supports) != "none") out += ", supports " + trackSupportsText(style->supports);
    return out;
}

std::string whyBadTrackStyle(const TrackStyle &style)
{
    if (style.size && !positive(*style.size)) return "its size must be more than 0";
    if (style.section == TrackSectionKind::Custom) {
        if (style.outline.size() < 3) return "its section needs at least 3 points";
        for (const auto &p : style.outline)
            if (!std::isfinite(p[0]) || !std::isfinite(p[1])) return "its section's points must be numbers";
        if (!(std::abs(twiceArea(style.outline)) > 0)) return "its section has no area";
    }
    if (!std::isfinite(style.ties.every) || style.ties.every < 0) return "its ties' spacing must be 0 or more";
    if (!style.ties.section.empty()) {
        if (style.ties.box) return "its ties have a box and a section: give one";
        if (style.ties.section.size() < 3) return "its tie section needs at least 3 points";
        for (const auto &p : style.ties.section)
            if (!std::isfinite(p[0]) || !std::isfinite(p[1])) return "its tie section's points must be numbers";
        if (!(std::abs(twiceArea(style.ties.section)) > 0)) return "its tie section has no area";
    }
    if (style.ties.along && !positive(*style.ties.along)) return "its ties' length along must be more than 0";
    if (style.ties.box)
        for (double v : *style.ties.box)
            if (!positive(v)) return "its tie box must be more than 0 every way";
    if (!std::isfinite(style.supports.every) || style.supports.every < 0)
        return "its supports' spacing must be 0 or more";
    for (double s : style.supports.at)
        if (!std::isfinite(s) || s < 0) return "its supports' places must be arc lengths of 0 or more";
    if (style.supports.skip && !(std::isfinite(*style.supports.skip) && *style.supports.skip >= 0))
        return "its supports' skip height must be 0 or more";
    if (style.supports.size && !positive(*style.supports.size)) return "its support width must be more than 0";
    if (style.supports.footing && !positive(*style.supports.footing)) return "its footing width must be more than 0";
    return {};
}

} // namespace railforge::document
