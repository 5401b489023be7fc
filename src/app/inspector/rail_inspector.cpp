#include "app/inspector/rail_inspector.h"

#include "core/frames.h"
#include "document/checks/edit_rules.h"
#include "document/editing/junction_keeping.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/length_units.h"
#include "document/model/rail_banking.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

namespace railforge::app {

RailInspector::RailInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent)
{
    follow();
}

void RailInspector::refresh()
{
    m_rail = nullptr;
    m_id = {};
    m_pointXs.clear();
    m_pointYs.clear();
    m_pointZs.clear();
    const auto &level = m_document.level();
    if (m_selection.count() == 1 && m_selection.objects().begin()->kind == document::ObjectKind::Rail) {
        if (const auto at = document::findObject(level, *m_selection.objects().begin())) {
            m_id = *m_selection.objects().begin();
            m_index = at->index;
            m_rail = &level.rails[at->index];
            // Each point row's field reads these on every change: made once here, not once per field.
            for (const auto &p : m_rail->points) {
                m_pointXs << p.x;
                m_pointYs << p.y;
                m_pointZs << p.z;
            }
        }
    }
    emit changed();
}

std::optional<document::Rail> RailInspector::editable() const { return m_rail ? std::optional(*m_rail) : std::nullopt; }

std::string RailInspector::commit(document::Rail edited, const QString &text)
{
    return document::changeObject(m_document, {document::ObjectKind::Rail, m_index}, std::move(edited), text);
}

QString RailInspector::spline() const
{
    return m_rail ? QString::fromLatin1(document::splineKindName(m_rail->spline)) : QString();
}

QString RailInspector::frame() const
{
    return m_rail ? QString::fromLatin1(document::frameModeName(m_rail->frame)) : QString();
}

bool RailInspector::canClose() const { return m_rail && document::whyRailCannotClose(*m_rail).empty(); }

int RailInspector::railPoint() const
{
    const int point = m_rail ? m_selection.railPoint() : -1;
    return point >= 0 && std::size_t(point) < m_rail->points.size() ? point : -1;
}

QString RailInspector::pointMode() const
{
    const int point = railPoint();
    if (point < 0) return {};
    return QString::fromLatin1(document::handleModeName(document::pointHandles(*m_rail, std::size_t(point)).mode));
}

QList<double> RailInspector::handleOffset(bool out) const
{
    const int point = railPoint();
    if (point < 0) return {0, 0, 0};
    const document::PointHandles h = document::shownHandles(*m_rail, std::size_t(point));
    const document::Vec3 v = out ? h.out : h.in;
    return {v.x, v.y, v.z};
}

double RailInspector::pointTilt() const
{
    const int point = railPoint();
    return point < 0 ? 0.0 : document::pointTilt(*m_rail, std::size_t(point));
}

double RailInspector::pointBank() const
{
    const int point = railPoint();
    if (point < 0) return 0.0;
    const document::KnotFrame frame = m_document.railGeometry(m_index)->knotFrame(std::size_t(point));
    return core::bankDegrees(frame.tangent, frame.up);
}

bool RailInspector::setSpline(const QString &spline)
{
    auto kind = document::splineKindFromName(spline.toStdString());
    if (!m_rail) return false;
    if (!kind) return refuse("unknown spline type '" + spline.toStdString() + "'");
    document::setRailSpline(m_document, m_id.id, *kind);
    return accept();
}

QString RailInspector::splineChangeWarning(const QString &spline) const
{
    auto kind = document::splineKindFromName(spline.toStdString());
    if (!m_rail || !kind) return {};
    return QString::fromStdString(document::splineChangeWarning(*m_rail, *kind));
}

bool RailInspector::selectPoint(int index)
{
    if (!m_rail || index < 0 || std::size_t(index) >= m_rail->points.size()) return false;
    m_selection.setRailPoint(m_id, index);
    return true;
}

bool RailInspector::setPointMode(const QString &mode)
{
    const int point = railPoint();
    auto parsed = document::handleModeFromName(mode.toStdString());
    if (point < 0) return false;
    if (!parsed) return refuse("unknown handle mode '" + mode.toStdString() + "'");
    if (m_rail->spline != document::SplineKind::Bezier)
        return refuse("handles belong to bezier rails: change the spline to bezier first");
    document::setRailHandleMode(m_document, m_id.id, std::size_t(point), *parsed);
    return accept();
}

bool RailInspector::setHandle(bool out, int axis, double value)
{
    const int point = railPoint();
    if (point < 0 || axis < 0 || axis > 2) return false;
    if (m_rail->spline != document::SplineKind::Bezier)
        return refuse("handles belong to bezier rails: change the spline to bezier first");
    const document::PointHandles h = document::shownHandles(*m_rail, std::size_t(point));
    if (h.mode == document::HandleMode::Corner) return refuse("a corner has no handles: choose another mode first");
    document::Vec3 offset = out ? h.out : h.in;
    (axis == 0 ? offset.x : axis == 1 ? offset.y : offset.z) = value;
    if (std::string why =
            document::moveRailHandle(m_document, m_id.id, std::size_t(point),
                                     out ? document::HandleSide::Out : document::HandleSide::In, offset, false);
        !why.empty())
        return refuse(why);
    return accept();
}

bool RailInspector::setPointTilt(double degrees)
{
    const int point = railPoint();
    if (point < 0) return false;
    if (std::string why = document::setRailPointTilt(m_document, m_id.id, std::size_t(point), degrees); !why.empty())
        return refuse(why);
    return accept();
}

bool RailInspector::setFrame(const QString &frame)
{
    auto rail = editable();
    const auto mode = document::frameModeFromName(frame.toStdString());
    if (!rail || !mode) return false;
    if (rail->frame == *mode) return accept();
    rail->frame = *mode;
    commit(std::move(*rail), tr("Rail %1: frame %2").arg(railId(), frame));
    return accept();
}

bool RailInspector::bankForSpeed(double speed, double maxBank, double maxRollRate, bool activePointOnly)
{
    if (!(speed >= 0.0 && speed <= 1000.0)) return refuse("the speed is 0 to 1000 m/s");
    return bank(std::optional(speed), maxBank, maxRollRate, activePointOnly);
}

bool RailInspector::bankForSpeedChannel(double maxBank, double maxRollRate, bool activePointOnly)
{
    return bank(std::nullopt, maxBank, maxRollRate, activePointOnly);
}

bool RailInspector::bank(std::optional<double> speed, double maxBank, double maxRollRate, bool activePointOnly)
{
    const auto rail = editable();
    if (!rail) return false;
    if (!(maxBank > 0.0 && maxBank <= 180.0)) return refuse("the largest bank is above 0 and at most 180 degrees");
    if (!(maxRollRate > 0.0 && maxRollRate <= 1000.0))
        return refuse("the roll rate is above 0 and at most 1000 degrees a metre");
    std::vector<std::size_t> points;
    if (activePointOnly) {
        if (railPoint() < 0) return refuse("no point is active: click one, or bank the whole rail");
        points.push_back(std::size_t(railPoint()));
    }
    const double metres = document::metresPerUnit(m_document.level().info.units).value_or(1.0);
    // A typed speed, or the rail's speed channel point by point.
    const document::BankLimits limits{maxBank, maxRollRate};
    const std::optional<document::BankedRail> result =
        speed ? std::optional(document::bankedForSpeed(*rail, *speed, metres, limits, points))
              : document::bankedForSpeedChannel(*rail, metres, limits, points);
    if (!result) return refuse("the rail has no speed channel: type a speed");
    const std::optional<document::Rail> banked = result->rail;
    QStringList shortOf;
    for (const auto &f : result->shortfalls)
        shortOf << tr("s %1 to %2 (up to %3° short)")
                       .arg(f.fromS, 0, 'f', 1)
                       .arg(f.toS, 0, 'f', 1)
                       .arg(f.degrees, 0, 'f', 1);
    m_bankNote =
        shortOf.isEmpty()
            ? QString()
            : tr("Held to %1°/m of roll, short of the speed's bank at %2").arg(maxRollRate).arg(shortOf.join(", "));
    // With the tilt kept continuous at its junctions (a linked end takes its trunk's tilt): the rails
    // that changes go in the same undo step.
    document::Level level = m_document.level();
    level.rails[m_index] = *banked;
    document::keepTiltAcrossJunctions(level, rail->id);
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    for (std::size_t i = 0; i < level.rails.size(); ++i)
        if (!(level.rails[i] == m_document.level().rails[i]))
            edited.emplace_back(document::ObjectIndex{document::ObjectKind::Rail, i}, level.rails[i]);
    emit changed(); // the note
    if (edited.empty()) return accept();
    const QString at = speed ? tr("%1 m/s").arg(*speed) : tr("its speed channel");
    if (const std::string why = document::changeObjects(
            m_document, std::move(edited),
            activePointOnly ? tr("Rail %1: bank point %2 for %3").arg(railId()).arg(points[0]).arg(at)
                            : tr("Rail %1: bank for %2").arg(railId(), at));
        !why.empty())
        return refuse(why);
    return accept();
}

bool RailInspector::setAlpha(double alpha)
{
    auto rail = editable();
    if (!rail) return false;
    rail->alpha = alpha;
    if (std::string why = commit(std::move(*rail), tr("Rail %1: alpha %2").arg(railId()).arg(alpha)); !why.empty())
        return refuse(why);
    return accept();
}

bool RailInspector::setClosed(bool closed)
{
    auto rail = editable();
    if (!rail) return false;
    if (auto why = document::whyRailCannotClose(*rail); closed && !why.empty()) return refuse(why);
    // A closed rail has no ends: one in a junction stays open until the junction lets it go.
    if (const std::string junction = document::junctionOfRailEnds(m_document.level(), rail->id);
        closed && !junction.empty())
        return refuse("its ends are in junction '" + junction + "': a closed rail has no ends to join");
    rail->closed = closed;
    commit(std::move(*rail), closed ? tr("Close rail %1").arg(railId()) : tr("Open rail %1").arg(railId()));
    return accept();
}

bool RailInspector::setRailPoint(int index, int axis, double value)
{
    auto rail = editable();
    if (!rail || index < 0 || std::size_t(index) >= rail->points.size() || axis < 0 || axis > 2) return false;
    auto &p = rail->points[std::size_t(index)];
    (axis == 0 ? p.x : axis == 1 ? p.y : p.z) = value;
    if (std::string why = commit(std::move(*rail), tr("Move rail point")); !why.empty()) return refuse(why);
    return accept();
}

} // namespace railforge::app
