// The profile's marks on the plan (docs/ui.md "Profile"): the curve of the rail or patrol the
// profile shows, where its arc length s lies (the shared cursor), which s is nearest the mouse on
// the plan, the stretches over a ride limit, and each control point's bank as a label.
#pragma once

#include "app/pipeline/patrol_preview.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"

#include <QFont>
#include <QRectF>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

class QPainter;

namespace railforge::app {

class ProfiledCurve {
public:
    // The curve of "rail:id" (its exact 3D curve) or "patrol:id" (its smoothed path); none when the
    // object is gone or has no path yet.
    static std::optional<ProfiledCurve> of(const QString &key, const document::Level &level, const RailShapes &rails,
                                           const PatrolRoutes &routes);

    double length() const;
    // The place at arc length s (clamped to the curve).
    core::CurveSample at(double s) const;
    // The arc length nearest a plan point and the plan distance to it.
    std::pair<double, double> nearest(QPointF world) const;

private:
    const RailShapes *m_rails = nullptr;
    int m_rail = -1;                // index into the level's rails, or -1 for a path
    std::vector<core::Vec3> m_path; // a patrol's smoothed path
    std::vector<double> m_pathS;    // arc length at each path vertex
};

// The cursor on the plan: a ring at the place, with its height.
void paintPlanCursor(QPainter &painter, const ViewTransform &view, const core::CurveSample &at, const QString &units);

// The stretches [s0, s1] of `curve` over a ride limit, as a broad red band under the curve.
void paintOverLimit(QPainter &painter, const ViewTransform &view, const ProfiledCurve &curve,
                    const std::vector<std::pair<double, double>> &stretches);

// A short text in its box on the canvas.
struct PlacedLabel {
    QRectF box;
    QString text;
};

// Each control point's bank beside it ("12°"), where the rail is banked at all, in `font`: above
// right of the point, else in another corner clear of every box of `taken` (junction rings and
// labels, the bank labels before it), which it joins; a label with no clear corner is left out.
std::vector<PlacedLabel> bankLabels(const QFont &font, const ViewTransform &view, const document::Rail &rail,
                                    const core::ArcLengthTable &table, const core::FrameTable &frames,
                                    std::vector<QRectF> &taken);

// Draws bankLabels (in their small font) as readouts.
void paintBankLabels(QPainter &painter, const ViewTransform &view, const document::Rail &rail,
                     const core::ArcLengthTable &table, const core::FrameTable &frames, std::vector<QRectF> &taken);

} // namespace railforge::app
