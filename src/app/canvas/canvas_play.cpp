#include "app/canvas/canvas_play.h"

#include "app/canvas/level_view.h"
#include "core/arc_length.h"
#include "document/model/junction_network.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/rail_speed.h"

#include <QQmlEngine>

namespace railforge::app {

CanvasPlay::CanvasPlay(LevelView &canvas) : m_canvas(canvas)
{
    // A member of the canvas, handed to QML through a property: QML must never collect it.
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership);
    connect(&m_agent, &AgentPreview::moved, this, [this] {
        placeCursor();
        emit changed();
        m_canvas.update();
    });
    connect(&m_agent, &AgentPreview::playingChanged, this, [this] {
        placeCursor();
        emit changed();
    });
}

void CanvasPlay::setSpeed(double speed)
{
    m_agent.setSpeed(speed);
    emit changed();
}

QPointF CanvasPlay::position() const
{
    const auto at = m_agent.sample();
    return at ? QPointF(at->position.x, at->position.y) : QPointF();
}

void CanvasPlay::placeCursor()
{
    EditorController *controller = m_canvas.controller();
    if (!controller) return;
    RailCursor *cursor = controller->cursor();
    const QString rail = this->rail();
    const auto at = m_agent.sample();
    // The rail the agent is on and where: the profile follows it across junctions, its cursor too.
    if (m_agent.playing() && !rail.isEmpty() && at)
        cursor->place(QStringLiteral("rail:") + rail, at->s, QStringLiteral("play"));
    else if (cursor->source() == QLatin1String("play"))
        cursor->clear();
}

QString CanvasPlay::rail() const
{
    const auto rail = m_agent.networkRail();
    EditorController *controller = m_canvas.controller();
    if (!controller || !rail || *rail >= controller->document()->level().rails.size()) return {};
    return QString::fromStdString(controller->document()->level().rails[*rail].id);
}

bool CanvasPlay::start(const QString &key)
{
    EditorController *controller = m_canvas.controller();
    if (!controller) return false;
    const RailShapes &shapes = m_canvas.rails();
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(controller->document()->level(), *id) : std::nullopt;
    if (!at) return false;
    if (at->kind == document::ObjectKind::Rail) {
        // A rail with a speed channel sets the agent's pace along it (its units taken as m/s).
        const document::Level &level = controller->document()->level();
        auto speedOf = [&](std::size_t r) { return document::RailSpeed::of(level.rails[r], shapes.table(r)); };
        // On a network the agent rides on across junctions, by their default ways.
        if (!level.junctions.empty()) {
            std::vector<std::optional<AgentPreview::SpeedChannel>> speeds;
            for (std::size_t r = 0; r < level.rails.size(); ++r) speeds.push_back(speedOf(r));
            m_agent.playNetwork(document::buildLevelNetwork(level, controller->document()->railGeometryOf()), at->index,
                                std::move(speeds));
            return true;
        }
        m_agent.play(shapes.table(at->index), speedOf(at->index));
        return true;
    }
    if (at->kind == document::ObjectKind::Patrol) {
        const auto *route = controller->patrolPreview()->route(id->id);
        if (!route || !route->ok() || route->smoothed.size() < 2) return false;
        m_agent.play(document::pathTable(route->smoothed));
        return true;
    }
    return false;
}

} // namespace railforge::app
