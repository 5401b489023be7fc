#include "app/level_view.h"

#include "app/canvas_hit_test.h"
#include "app/canvas_palette.h"
#include "app/level_painter.h"
#include "app/tools/connect_tool.h"
#include "app/tools/obstacle_tool.h"
#include "app/tools/patrol_tool.h"
#include "app/tools/probe_tool.h"
#include "app/tools/rail_tool.h"
#include "app/tools/select_tool.h"
#include "app/tools/waypoint_tool.h"

#include <QCursor>
#include <QPainter>
#include <QQuickWindow>
#include <QtMath>

namespace railforge::app {

using Tool = EditorController::Tool;

LevelView::LevelView(QQuickItem *parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setActiveFocusOnTab(true);
    setAntialiasing(true);
    setFillColor(palette::background);
    setOpaquePainting(true);
    connect(&m_agent, &AgentPreview::moved, this, [this] {
        emit agentChanged();
        update();
    });
    connect(&m_agent, &AgentPreview::playingChanged, this, &LevelView::agentChanged);
    connect(this, &LevelView::viewChanged, this, &LevelView::invalidateLayer);
}

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

bool LevelView::playAgent(const QString &key)
{
    if (!m_controller) return false;
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_controller->document()->level(), *id) : std::nullopt;
    if (!at) return false;
    if (at->kind == document::ObjectKind::Rail) {
        m_agent.play(rails().tables[at->index]);
        return true;
    }
    if (at->kind == document::ObjectKind::Patrol) {
        const auto &routes = m_controller->patrolPreview()->routes();
        if (at->index >= routes.size() || !routes[at->index].ok() || routes[at->index].smoothed.size() < 2) return false;
        core::Curve path;
        path.points = routes[at->index].smoothed;
        path.spec.type = core::SplineType::Linear;
        m_agent.play(core::buildArcLengthTable(path));
        return true;
    }
    return false;
}

LevelView::~LevelView() = default;

void LevelView::setController(EditorController *controller)
{
    if (m_controller == controller) return;
    if (m_controller) disconnect(m_controller, nullptr, this, nullptr);
    m_controller = controller;
    if (m_controller) {
        connect(m_controller->document(), &document::LevelDocument::levelChanged, this, &LevelView::onLevelChanged);
        connect(m_controller->document(), &document::LevelDocument::filePathChanged, this, &LevelView::onFileChanged);
        connect(m_controller->selection(), &Selection::changed, this, [this] {
            invalidateLayer();
            update();
        });
        connect(m_controller->patrolPreview(), &PatrolPreview::routesChanged, this, [this] {
            invalidateLayer();
            update();
        });
        connect(m_controller, &EditorController::toolChanged, this, &LevelView::onToolChanged);
    }
    onFileChanged();
    emit controllerChanged();
}

void LevelView::onLevelChanged()
{
    // Rails changed in place (a drag) are reshaped one by one; anything else rebuilds them all.
    const auto &change = m_controller->document()->lastChange();
    const auto &level = m_controller->document()->level();
    if (m_rails && change.onlyKind(document::ObjectKind::Rail) && m_rails->paths.size() == level.rails.size()) {
        for (const auto &at : change.replaced) m_rails->updateRail(at.index, level.rails[at.index]);
    } else {
        m_rails.reset();
    }
    // The cached layer holds everything but the selection: it stays valid while only selected
    // objects change in place (a drag).
    const auto &selected = m_controller->selection()->objects();
    const bool onlySelection = !change.structural && std::all_of(change.replaced.begin(), change.replaced.end(), [&](const auto &at) {
        return at.index < document::objectCount(level, at.kind) && selected.count({at.kind, document::objectIdAt(level, at)});
    });
    if (!onlySelection) invalidateLayer();
    if (m_marker) probeAt(*m_marker, true);
    else if (m_probe) {
        m_probe.reset();
        emit probeChanged();
    }
    update();
}

void LevelView::onFileChanged()
{
    // A newly opened file is framed, and stays framed while the window settles its size.
    m_marker.reset();
    m_probe.reset();
    emit probeChanged();
    m_autoFit = true;
    onLevelChanged();
    if (width() > 0 && height() > 0) fitToLevel();
}

void LevelView::onToolChanged()
{
    for (auto &tool : m_tools)
        if (tool) tool->cancel();
    if (m_controller && m_controller->tool() != Tool::Probe && m_probe && !m_marker) {
        m_probe.reset();
        emit probeChanged();
    }
    emit toolHintChanged();
    update();
}

const RailShapes &LevelView::rails()
{
    if (!m_rails) m_rails = m_controller ? RailShapes::build(m_controller->document()->level()) : RailShapes{};
    return *m_rails;
}

CanvasTool *LevelView::activeTool()
{
    if (!m_controller) return nullptr;
    const auto index = std::size_t(m_controller->tool());
    auto &slot = m_tools[index];
    if (!slot) {
        switch (m_controller->tool()) {
        case Tool::Select: slot = std::make_unique<SelectTool>(*this); break;
        case Tool::Waypoint: slot = std::make_unique<WaypointTool>(*this); break;
        case Tool::Connect: slot = std::make_unique<ConnectTool>(*this); break;
        case Tool::Rail: slot = std::make_unique<RailTool>(*this); break;
        case Tool::Obstacle: slot = std::make_unique<ObstacleTool>(*this); break;
        case Tool::Patrol: slot = std::make_unique<PatrolTool>(*this); break;
        case Tool::Probe: slot = std::make_unique<ProbeTool>(*this); break;
        }
    }
    return slot.get();
}

QString LevelView::toolHint() const
{
    auto *self = const_cast<LevelView *>(this);
    CanvasTool *tool = self->activeTool();
    return tool ? tool->hint() : QString();
}

ToolEvent LevelView::toolEvent(QPointF screen, Qt::MouseButton button, Qt::KeyboardModifiers modifiers) const
{
    return {screen, m_view.toWorld(screen), button, modifiers};
}

bool LevelView::finishTool()
{
    CanvasTool *tool = activeTool();
    return tool && tool->finish();
}

bool LevelView::cancelTool()
{
    CanvasTool *tool = activeTool();
    return tool && tool->cancel();
}

void LevelView::setZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(zoom, m_view.scale)) return;
    m_view.scale = zoom;
    emit viewChanged();
    update();
}

void LevelView::setCenter(QPointF center)
{
    if (center == m_view.center) return;
    m_view.center = center;
    emit viewChanged();
    update();
}

void LevelView::setProbeRange(double range)
{
    if (!(range >= 0) || range == m_probeRange) return;
    m_probeRange = range;
    emit probeChanged();
    update();
}

void LevelView::fitToLevel()
{
    m_autoFit = true;
    // Min/max by hand: QRectF::united ignores zero-size rectangles, i.e. single points.
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
    bool any = false;
    auto include = [&](double x, double y) {
        minX = any ? std::min(minX, x) : x;
        minY = any ? std::min(minY, y) : y;
        maxX = any ? std::max(maxX, x) : x;
        maxY = any ? std::max(maxY, y) : y;
        any = true;
    };
    if (m_controller) {
        const auto &level = m_controller->document()->level();
        for (const auto &w : level.waypoints) include(w.position.x, w.position.y);
        for (const auto &r : level.rails)
            for (const auto &p : r.points) include(p.x, p.y);
        for (const auto &o : level.obstacles) {
            if (o.shape == document::Obstacle::Shape::Circle) {
                include(o.circle.center.x - o.circle.radius, o.circle.center.y - o.circle.radius);
                include(o.circle.center.x + o.circle.radius, o.circle.center.y + o.circle.radius);
            } else {
                for (const auto &p : o.polygon) include(p.x, p.y);
            }
        }
    }
    QRectF bounds = any ? QRectF(QPointF(minX, minY), QPointF(maxX, maxY)) : QRectF(-10, -10, 20, 20);
    if (bounds.width() < 1 && bounds.height() < 1) bounds.adjust(-5, -5, 5, 5);
    m_view.fit(bounds, 48.0, kMinZoom, kMaxZoom);
    emit viewChanged();
    update();
}

void LevelView::zoomAt(QPointF screen, double factor)
{
    m_autoFit = false;
    m_view.zoomAt(screen, factor, kMinZoom, kMaxZoom);
    emit viewChanged();
    update();
}

void LevelView::paint(QPainter *painter)
{
    if (!m_controller) {
        paintGrid(*painter, m_view);
        return;
    }
    const auto &selected = m_controller->selection()->objects();
    PaintState state{m_view, m_hoveredId, &rails(), &m_controller->patrolPreview()->routes(), &selected};
    const QSize pixels = (QSizeF(width(), height()) * window()->effectiveDevicePixelRatio()).toSize();
    if (!m_layerValid || m_layer.size() != pixels) {
        m_layer = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        m_layer.setDevicePixelRatio(window()->effectiveDevicePixelRatio());
        m_layer.fill(palette::background);
        QPainter layer(&m_layer);
        layer.setRenderHint(QPainter::Antialiasing, true);
        layer.setRenderHint(QPainter::TextAntialiasing, true);
        layer.setFont(painter->font());
        paintGrid(layer, m_view);
        state.layer = PaintState::Layer::Unselected;
        paintLevel(layer, m_controller->document()->level(), state);
        m_layerValid = true;
    }
    painter->drawImage(QPointF(0, 0), m_layer);
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    {
        state.layer = PaintState::Layer::Selected;
        paintLevel(*painter, m_controller->document()->level(), state);
        if (CanvasTool *tool = activeTool()) tool->paintOverlay(*painter);
        paintProbe(*painter);
        if (const auto agent = m_agent.sample(); agent && m_agent.playing()) {
            // The agent: a bright arrow pointing the way it travels.
            const QPointF p = m_view.toScreen({agent->position.x, agent->position.y});
            QPointF d(agent->tangent.x, -agent->tangent.y);
            const double len = std::hypot(d.x(), d.y());
            d = len > 0 ? d / len : QPointF(1, 0);
            const QPointF n(-d.y(), d.x());
            const QPointF shape[3] = {p + d * 11, p - d * 7 + n * 7, p - d * 7 - n * 7};
            painter->setPen(QPen(QColor(0x14, 0x15, 0x18), 2));
            painter->setBrush(QColor(0xff, 0xee, 0x58));
            painter->drawPolygon(shape, 3);
        }
    }
    paintScaleBar(*painter, m_view,
                  m_controller ? QString::fromStdString(m_controller->document()->level().info.units) : QStringLiteral("m"));
}

std::optional<core::RailHit> LevelView::probeQuery(QPointF world)
{
    const RailShapes &shapes = rails();
    auto hit = shapes.planIndex().nearest({world.x(), world.y(), 0.0});
    if (!hit) return std::nullopt;
    // Distances are measured on the plan; s is the arc length along the real (3D) rail.
    hit->s = core::arcLengthAt(shapes.tables[std::size_t(hit->rail)], {hit->segment, hit->u});
    return hit;
}

void LevelView::probeAt(QPointF world, bool placeMarker)
{
    if (placeMarker) m_marker = world;
    m_probeFrom = world;
    m_probe = probeQuery(world);
    emit probeChanged();
    update();
}

QString LevelView::probeRail() const
{
    if (!m_probe || !m_controller) return {};
    const auto &rails = m_controller->document()->level().rails;
    return std::size_t(m_probe->rail) < rails.size() ? QString::fromStdString(rails[std::size_t(m_probe->rail)].id) : QString();
}

void LevelView::paintProbe(QPainter &painter) const
{
    if (m_marker) {
        const QPointF m = m_view.toScreen(*m_marker);
        painter.setPen(QPen(QColor(0x14, 0x15, 0x18), 2));
        painter.setBrush(QColor(0x66, 0xff, 0x99));
        const QPointF diamond[4] = {m + QPointF(0, -9), m + QPointF(8, 0), m + QPointF(0, 9), m + QPointF(-8, 0)};
        painter.drawPolygon(diamond, 4);
    }
    if (!m_probe || !m_probeFrom) return;
    const bool inRange = probeInRange();
    const QPointF from = m_view.toScreen(*m_probeFrom);
    const QPointF to = m_view.toScreen({m_probe->point.x, m_probe->point.y});
    const QColor color = inRange ? QColor(0x66, 0xff, 0x99) : QColor(0xff, 0xd1, 0x66);
    if (inRange && m_rails && std::size_t(m_probe->rail) < m_rails->paths.size()) {
        // The rail glows while the probe is within range.
        QTransform t(m_view.scale, 0, 0, -m_view.scale, m_view.toScreen({0, 0}).x(), m_view.toScreen({0, 0}).y());
        painter.save();
        painter.setTransform(t, true);
        QPen glow(QColor(0x66, 0xff, 0x99, 90), 10, Qt::SolidLine, Qt::RoundCap);
        glow.setCosmetic(true);
        painter.setPen(glow);
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(m_rails->paths[std::size_t(m_probe->rail)]);
        painter.restore();
    }
    painter.setPen(QPen(color, 1.5, Qt::DashLine));
    painter.drawLine(from, to);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(to, 4.5, 4.5);
    const QString label = QStringLiteral("d = %1  s = %2").arg(m_probe->distance, 0, 'f', 2).arg(m_probe->s, 0, 'f', 1);
    painter.setPen(QColor(0x10, 0x11, 0x14));
    painter.drawText(to + QPointF(9, 15), label);
    painter.setPen(color);
    painter.drawText(to + QPointF(8, 14), label);
}

void LevelView::geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    m_view.viewport = newGeometry.size();
    if (m_autoFit && newGeometry.width() > 0 && newGeometry.height() > 0)
        fitToLevel();
    else
        emit viewChanged();
}

void LevelView::wheelEvent(QWheelEvent *event)
{
    // 120 units = one notch = x1.2; trackpads send smaller steps.
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0.0) zoomAt(event->position(), std::pow(1.2, notches));
    updateCursor(event->position());
    event->accept();
}

void LevelView::mousePressEvent(QMouseEvent *event)
{
    forceActiveFocus(Qt::MouseFocusReason);
    const bool pan = event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld);
    if (pan) {
        m_panLast = event->position();
        m_autoFit = false;
        setPanning(true);
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        if (CanvasTool *tool = activeTool()) tool->secondaryPress(toolEvent(event->position(), event->button(), event->modifiers()));
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    if (CanvasTool *tool = activeTool()) {
        m_toolDragging = true;
        tool->press(toolEvent(event->position(), event->button(), event->modifiers()));
    }
    event->accept();
}

void LevelView::mouseMoveEvent(QMouseEvent *event)
{
    updateCursor(event->position());
    if (m_panning) {
        const QPointF delta = event->position() - m_panLast;
        m_panLast = event->position();
        setCenter(m_view.center + QPointF(-delta.x() / m_view.scale, delta.y() / m_view.scale));
        return;
    }
    if (m_toolDragging)
        if (CanvasTool *tool = activeTool()) tool->drag(toolEvent(event->position(), Qt::LeftButton, event->modifiers()));
}

void LevelView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        setPanning(false);
    } else if (m_toolDragging && event->button() == Qt::LeftButton) {
        m_toolDragging = false;
        if (CanvasTool *tool = activeTool()) tool->release(toolEvent(event->position(), event->button(), event->modifiers()));
    }
    event->accept();
}

void LevelView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_spaceHeld) return;
    if (CanvasTool *tool = activeTool()) tool->doubleClick(toolEvent(event->position(), event->button(), event->modifiers()));
    event->accept();
}

void LevelView::hoverEnterEvent(QHoverEvent *event) { updateCursor(event->position()); }

void LevelView::hoverMoveEvent(QHoverEvent *event)
{
    updateCursor(event->position());
    if (CanvasTool *tool = activeTool()) tool->hover(toolEvent(event->position(), Qt::NoButton, event->modifiers()));
}

void LevelView::hoverLeaveEvent(QHoverEvent *)
{
    m_cursorInside = false;
    emit cursorWorldChanged();
    if (!m_hoveredId.isEmpty()) {
        m_hoveredId.clear();
        emit hoveredIdChanged();
        update();
    }
}

void LevelView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    }
    event->ignore();
}

void LevelView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = false;
            unsetCursor();
        }
        event->accept();
        return;
    }
    event->ignore();
}

void LevelView::updateCursor(QPointF screen)
{
    m_cursorWorld = m_view.toWorld(screen);
    m_cursorInside = true;
    emit cursorWorldChanged();
    const auto hovered = m_controller ? waypointAt(m_controller->document()->level(), m_view, screen) : std::nullopt;
    const QString id = hovered ? QString::fromStdString(*hovered) : QString();
    if (id != m_hoveredId) {
        m_hoveredId = id;
        emit hoveredIdChanged();
        update();
    }
}

void LevelView::setPanning(bool panning)
{
    m_panning = panning;
    if (panning)
        setCursor(Qt::ClosedHandCursor);
    else if (m_spaceHeld)
        setCursor(Qt::OpenHandCursor);
    else
        unsetCursor();
    emit panningChanged();
}

} // namespace railforge::app
