#include "app/editor/ground_editing.h"

#include "document/editing/level_editing.h"
#include "document/ground/level_ground.h"
#include "document/ground/rail_drape.h"
#include "document/ground/rail_height_fit.h"
#include "document/model/length_units.h"
#include "document/text/number_format.h"

#include <cmath>
#include <optional>

namespace railforge::app {

GroundEditing::GroundEditing(document::LevelDocument &document, Selection &selection, GroundModel &ground,
                             QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection), m_ground(ground)
{}

void GroundEditing::setSnapToGround(bool on)
{
    if (on == m_snap) return;
    m_snap = on;
    emit changed();
}

void GroundEditing::setWaypointClearance(double value)
{
    if (!std::isfinite(value) || value == m_waypointClearance) return;
    m_waypointClearance = value;
    emit changed();
}

void GroundEditing::setRailClearance(double value)
{
    if (!std::isfinite(value) || value == m_railClearance) return;
    m_railClearance = value;
    emit changed();
}

double GroundEditing::placedHeight(double x, double y, document::ObjectKind kind, double current, bool fresh) const
{
    if (!m_snap) return current;
    const double clearance = kind == document::ObjectKind::Rail ? m_railClearance : m_waypointClearance;
    const auto z = m_ground.ground()->nearestSurface(x, y, fresh ? NAN : current - clearance);
    if (!z) return current;
    return *z + clearance;
}

bool GroundEditing::drapeSelectedRails(double clearance, double followTolerance)
{
    m_lastError.clear();
    if (!m_ground.hasGround()) {
        m_lastError = tr("the level has no ground: add a mesh or heightmap reference");
        return false;
    }
    if (!std::isfinite(clearance) || !std::isfinite(followTolerance) || followTolerance < 0) {
        m_lastError = tr("the clearance and the tolerance must be numbers (the tolerance 0 or more)");
        return false;
    }
    const std::vector<document::ObjectId> rails = railsToEdit();
    if (rails.empty()) {
        m_lastError = tr("select a rail to drape");
        return false;
    }
    const core::GroundSet &ground = *m_ground.ground();
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    document::DrapeOptions options;
    options.clearance = clearance;
    if (followTolerance > 0) options.follow = followTolerance;
    std::vector<std::string> said;
    for (const document::ObjectId &id : rails) {
        const auto at = document::findObject(m_document.level(), id);
        if (!at) continue;
        const document::Rail &rail = m_document.level().rails[at->index];
        document::DrapeOutcome draped = document::drapeRail(rail, ground, options);
        if (!draped.error.empty()) {
            m_lastError = QString::fromStdString(id.id + ": " + draped.error); // nothing of the drape is kept
            return false;
        }
        said.push_back((rails.size() > 1 ? id.id + ": " : std::string()) +
                       document::describeDrape(draped, options.maxGradeDegrees));
        if (!(draped.rail == rail)) edited.emplace_back(*at, std::move(draped.rail));
    }
    if (edited.empty()) {
        emit status(tr("Already on the ground at that clearance: nothing changed"));
        return true;
    }
    if (const std::string why =
            document::changeObjects(m_document, std::move(edited),
                                    rails.size() == 1 ? tr("Drape %1").arg(QString::fromStdString(rails.front().id))
                                                      : tr("Drape %n rails", "", int(rails.size())));
        !why.empty()) {
        m_lastError = QString::fromStdString(why); // the document's own rule refused it: nothing changed
        return false;
    }
    // What it did, as drape says it: points added, stretches lifted to keep the grade.
    QString text;
    for (const std::string &s : said)
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) + QString::fromStdString(s);
    text[0] = text[0].toUpper();
    emit status(text);
    return true;
}

std::vector<document::ObjectId> GroundEditing::railsToEdit() const
{
    std::vector<document::ObjectId> rails;
    for (const document::ObjectId &id : m_selection.objects())
        if (id.kind == document::ObjectKind::Rail) rails.push_back(id);
    if (rails.empty() && m_selection.railPoint() >= 0) rails.push_back(m_selection.railPointRail());
    return rails;
}

bool GroundEditing::fitSelectedRails(double clearance, double maxGrade, double tolerance, bool keepEnds,
                                     double headroom, double speed, double minG, double maxG)
{
    m_lastError.clear();
    if (!m_ground.hasGround()) {
        m_lastError = tr("the level has no ground: add a mesh or heightmap reference");
        return false;
    }
    const std::vector<document::ObjectId> rails = railsToEdit();
    if (rails.empty()) {
        m_lastError = tr("select a rail to fit");
        return false;
    }
    document::FitHeightsOptions options;
    options.clearance = clearance;
    options.maxGradeDegrees = maxGrade;
    options.tolerance = tolerance;
    options.keepEnds = keepEnds;
    options.headroom = headroom;
    options.speed = speed > 0 ? speed : NAN;
    options.minG = minG;
    options.maxG = maxG;
    options.metresPerUnit = document::metresPerUnit(m_document.level().info.units).value_or(1.0);
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    QString text;
    QString blocked;
    // The active point follows its own point through the points the fit adds.
    const int activePoint = m_selection.railPoint();
    const document::ObjectId activeRail = m_selection.railPointRail();
    std::optional<std::size_t> followed;
    for (const document::ObjectId &id : rails) {
        const auto at = document::findObject(m_document.level(), id);
        if (!at) continue;
        const document::Rail &rail = m_document.level().rails[at->index];
        document::FitHeightsOutcome fitted = document::fitRailHeights(rail, *m_ground.ground(), options);
        const QString said = (rails.size() > 1 ? QString::fromStdString(id.id) + ": " : QString()) +
                             QString::fromStdString(document::describeFit(fitted));
        if (!fitted.error.empty()) {
            // Nothing is changed when one rail cannot be fitted: the designer fixes it and fits again.
            m_lastError = said;
            return false;
        }
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) + said;
        if (activePoint >= 0 && id == activeRail && std::size_t(activePoint) < fitted.pointIndex.size())
            followed = fitted.pointIndex[std::size_t(activePoint)];
        // What the popup says: only where the rail could not pass (the rest is in the status bar).
        if (!fitted.blocked.empty())
            blocked += (blocked.isEmpty() ? QString() : QStringLiteral("; ")) +
                       (rails.size() > 1 ? QString::fromStdString(id.id) + ": " : QString()) +
                       QString::fromStdString(document::describeBlocked(fitted));
        if (!(fitted.rail == rail)) edited.emplace_back(*at, std::move(fitted.rail));
    }
    if (!edited.empty()) {
        if (const std::string why = document::changeObjects(
                m_document, std::move(edited),
                rails.size() == 1 ? tr("Fit heights of %1").arg(QString::fromStdString(rails.front().id))
                                  : tr("Fit heights of %n rails", "", int(rails.size())));
            !why.empty()) {
            m_lastError = QString::fromStdString(why); // the document's own rule refused it: nothing changed
            return false;
        }
    }
    if (followed && *followed != std::size_t(activePoint))
        m_selection.selectRailPoint(QStringLiteral("rail:") + QString::fromStdString(activeRail.id), int(*followed));
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    emit status(text);
    m_lastError = blocked;
    return true;
}

bool GroundEditing::nextSurface()
{
    m_lastError.clear();
    const document::Level &level = m_document.level();
    std::optional<document::ObjectIndex> at;
    std::size_t point = 0;
    if (m_selection.railPoint() >= 0) {
        at = document::findObject(level, m_selection.railPointRail());
        point = std::size_t(m_selection.railPoint());
    } else if (m_selection.count() == 1 && m_selection.objects().begin()->kind == document::ObjectKind::Waypoint) {
        at = document::findObject(level, *m_selection.objects().begin());
    }
    if (!at) {
        m_lastError = tr("select a rail point or a waypoint to move to the next surface");
        return false;
    }
    const bool rail = at->kind == document::ObjectKind::Rail;
    const double clearance = rail ? m_railClearance : m_waypointClearance;
    const document::Vec3 p = rail ? level.rails[at->index].points[point] : level.waypoints[at->index].position;
    const std::vector<double> surfaces = m_ground.ground()->surfacesAt(p.x, p.y);
    if (surfaces.size() < 2) {
        m_lastError = surfaces.empty() ? tr("no ground under the point") : tr("only one surface under the point");
        return false;
    }
    // The surface the point is on now (the nearest to it), then the one below, wrapping to the top.
    std::size_t on = 0;
    for (std::size_t i = 1; i < surfaces.size(); ++i)
        if (std::abs(surfaces[i] - (p.z - clearance)) < std::abs(surfaces[on] - (p.z - clearance))) on = i;
    const std::size_t next = (on + 1) % surfaces.size();
    const double z = surfaces[next] + clearance;
    document::AnyObject changed;
    QString what;
    if (rail) {
        document::Rail r = level.rails[at->index];
        r.points[point].z = z;
        what = tr("Rail %1 point %2").arg(QString::fromStdString(r.id)).arg(point + 1);
        changed = std::move(r);
    } else {
        document::Waypoint w = level.waypoints[at->index];
        w.position.z = z;
        what = tr("Waypoint %1").arg(QString::fromStdString(w.id));
        changed = std::move(w);
    }
    if (const std::string why =
            document::changeObjects(m_document, {{*at, std::move(changed)}}, tr("%1: next surface").arg(what));
        !why.empty()) {
        m_lastError = QString::fromStdString(why);
        return false;
    }
    QStringList heights;
    // Rounded as the inspector shows numbers, never six significant digits (-1.02436).
    auto shown = [](double v) { return QString::fromStdString(document::formatRounded(v, 2)); };
    for (double h : surfaces) heights << shown(h);
    emit status(tr("%1 on the surface at %2 (%3 of %4 here: %5)")
                    .arg(what, shown(surfaces[next]))
                    .arg(next + 1)
                    .arg(surfaces.size())
                    .arg(heights.join(QStringLiteral(", "))));
    return true;
}

} // namespace railforge::app
