// LevelView's ▶ Play (a file of its own: the view's file is long enough): the agent along a rail,
// across a network's junctions, or along a patrol's route; the shared cursor follows it.
#include "app/canvas/level_view.h"
#include "core/arc_length.h"
#include "document/model/junction_network.h"
#include "document/model/rail_speed.h"

namespace railforge::app {

void LevelView::setAgentSpeed(double speed)
{
    m_agent.setSpeed(speed);
    emit agentChanged();
}

QPointF LevelView::agentPosition() const
{
    const auto at = m_agent.sample();
    return at ? QPointF(at->position.x, at->position.y) : QPointF();
}

void LevelView::placeAgentCursor()
{
    if (!m_controller) return;
    RailCursor *cursor = m_controller->cursor();
    const QString rail = agentRail();
    const auto at = m_agent.sample();
    // The rail the agent is on and where: the profile follows it across junctions, its cursor too.
    if (m_agent.playing() && !rail.isEmpty() && at)
        cursor->place(QStringLiteral("rail:") + rail, at->s, QStringLiteral("play"));
    else if (cursor->source() == QLatin1String("play"))
        cursor->clear();
}

QString LevelView::agentRail() const
{
    const auto rail = m_agent.networkRail();
    if (!m_controller || !rail || *rail >= m_controller->document()->level().rails.size()) return {};
    return QString::fromStdString(m_controller->document()->level().rails[*rail].id);
}

bool LevelView::playAgent(const QString &key)
{
    if (!m_controller) return false;
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_controller->document()->level(), *id) : std::nullopt;
    if (!at) return false;
    if (at->kind == document::ObjectKind::Rail) {
        // A rail with a speed channel sets the agent's pace along it (its units taken as m/s).
        const document::Level &level = m_controller->document()->level();
        auto speedOf = [&](std::size_t r) { return document::RailSpeed::of(level.rails[r], rails().table(r)); };
        // On a network the agent rides on across junctions, by their default ways.
        if (!level.junctions.empty()) {
            std::vector<std::optional<AgentPreview::SpeedChannel>> speeds;
            for (std::size_t r = 0; r < level.rails.size(); ++r) speeds.push_back(speedOf(r));
            m_agent.playNetwork(document::buildLevelNetwork(level, m_controller->document()->railGeometryOf()),
                                at->index, std::move(speeds));
            return true;
        }
        m_agent.play(rails().table(at->index), speedOf(at->index));
        return true;
    }
    if (at->kind == document::ObjectKind::Patrol) {
        const auto *route = m_controller->patrolPreview()->route(id->id);
        if (!route || !route->ok() || route->smoothed.size() < 2) return false;
        core::Curve path;
        path.points = route->smoothed;
        path.spec.type = core::SplineType::Linear;
        m_agent.play(core::buildArcLengthTable(path));
        return true;
    }
    return false;
}

} // namespace railforge::app
