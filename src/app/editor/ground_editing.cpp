#include "app/editor/ground_editing.h"

#include "document/editing/level_editing.h"
#include "document/ground/level_ground.h"
#include "document/ground/rail_drape.h"

#include <cmath>

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
    std::vector<document::ObjectId> rails;
    for (const document::ObjectId &id : m_selection.objects())
        if (id.kind == document::ObjectKind::Rail) rails.push_back(id);
    if (rails.empty() && m_selection.railPoint() >= 0) rails.push_back(m_selection.railPointRail());
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
        said.push_back((rails.size() > 1 ? id.id + ": " : std::string()) +
                       document::describeDrape(draped, options.maxGradeDegrees));
        if (!(draped.rail == rail)) edited.emplace_back(*at, std::move(draped.rail));
    }
    if (edited.empty()) {
        emit status(tr("Already on the ground at that clearance: nothing changed"));
        return true;
    }
    document::changeObjects(m_document, std::move(edited),
                            rails.size() == 1 ? tr("Drape %1").arg(QString::fromStdString(rails.front().id))
                                              : tr("Drape %n rails", "", int(rails.size())));
    // What it did, as drape says it: points added, stretches lifted to keep the grade.
    QString text;
    for (const std::string &s : said)
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) + QString::fromStdString(s);
    text[0] = text[0].toUpper();
    emit status(text);
    return true;
}

} // namespace railforge::app
