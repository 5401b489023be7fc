// LevelView: the plan canvas item: its controller and tools, the cached painting of the level and its
// overlays (the camera, input and profile marks are in level_view_camera, _input and _profile.cpp).
#include "app/canvas/level_view.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/canvas_hit_test.h"
#include "app/plan/junction_marks.h"
#include "app/plan/level_painter.h"
#include "app/plan/overlay_painter.h"
#include "app/plan/profile_marks.h"
#include "app/tools/tool_registry.h"
#include "document/model/rail_geometry.h"
#include "document/text/number_format.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QQuickWindow>
#include <QtMath>

namespace railforge::app {

LevelView::LevelView(QQuickItem *parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setActiveFocusOnTab(true);
    setAntialiasing(true);
    setFillColor(palette::background);
    setOpaquePainting(true);
    connect(this, &LevelView::viewChanged, this, &LevelView::invalidateLayer);
}

LevelView::~LevelView() = default;

void LevelView::setController(EditorController *controller)
{
    if (m_controller == controller) return;
    if (m_controller) disconnect(m_controller, nullptr, this, nullptr);
    m_controller = controller;
    if (m_controller) {
        connect(m_controller->document(), &document::LevelDocument::levelChanged, this, &LevelView::onLevelChanged);
        connect(m_controller->document(), &document::LevelDocument::replaced, this, &LevelView::onFileChanged);
        connect(m_controller->selection(), &Selection::changed, this, [this] {
            invalidateLayer();
            update();
        });
        connect(m_controller->patrolPreview(), &PatrolPreview::routesChanged, this, [this] {
            invalidateLayer();
            update();
        });
        connect(m_controller, &EditorController::toolChanged, this, &LevelView::onToolChanged);
        showToolCursor();
        connect(m_controller->cursor(), &RailCursor::changed, this, [this] {
            update();
            emit profileCursorChanged();
        });
        m_references = std::make_unique<ReferenceLayer>(*m_controller->document(), *m_controller->ground());
        m_probe.groundChanged();
        connect(m_controller->ground(), &GroundModel::groundChanged, this, [this] {
            m_probe.groundChanged();
            // Read after the level opened (off the UI thread): a view the designer has not moved yet
            // takes the ground in too, so a level over a terrain mesh opens onto its terrain.
            const bool refit = m_fitAwaitsGround && m_autoFit && m_controller->ground()->hasGround();
            if (m_controller->ground()->hasGround()) m_fitAwaitsGround = false;
            if (refit && width() > 0 && height() > 0)
                fitToLevel();
            else
                update();
        });
        connect(m_references.get(), &ReferenceLayer::changed, this, [this] {
            invalidateLayer();
            update();
        });
        // The navmesh under the level, as each bake (or tile re-bake) ends, and when shown or hidden.
        for (auto signal : {&NavMeshModel::meshChanged, &NavMeshModel::shownChanged})
            connect(m_controller->navmesh(), signal, this, [this] {
                invalidateLayer();
                update();
            });
        connect(m_controller->cursor(), &RailCursor::overLimitChanged, this, [this] { update(); });
        connect(m_controller, &EditorController::profileKeyChanged, this, [this] { update(); });
        connect(m_controller->layers(), &KindLayers::changed, this, [this] {
            invalidateLayer();
            update();
        });
    }
    onFileChanged();
    emit controllerChanged();
}

void LevelView::onLevelChanged(const document::LevelDocument::ChangeSet &change)
{
    // Marks of the last check stand for the level as it was: they go with any change.
    setWarningMarks({});
    // Rails come or go: every rail is shaped again when next drawn. Rails changed in place (a drag)
    // are reshaped one by one, and only when their shape changed (not for a colour or a channel
    // key); a change of other objects (a junction's default way, a waypoint) keeps them all.
    const auto &level = m_controller->document()->level();
    if (!m_rails || change.listChanged(document::ObjectKind::Rail) || m_rails->paths.size() != level.rails.size()) {
        m_rails.reset();
    } else {
        for (const auto &c : change.objects)
            if (c.at.kind == document::ObjectKind::Rail && (c.parts & document::kShapePart)) {
                m_rails->updateRail(c.at.index, level.rails[c.at.index],
                                    m_controller->document()->railGeometry(c.at.index));
                ++m_railPathBuilds;
            }
    }
    // The cached layer holds everything but the selection: it stays valid while only selected
    // objects change in place (a drag).
    const auto &selected = m_controller->selection()->objects();
    const bool onlySelection =
        !change.structural() && std::all_of(change.objects.begin(), change.objects.end(), [&](const auto &c) {
            return c.at.index < document::objectCount(level, c.at.kind) &&
                   selected.count({c.at.kind, document::objectIdAt(level, c.at)});
        });
    if (!onlySelection) invalidateLayer();
    // The marker stays probed while the level changes under it; a hover probe waits for the mouse.
    m_probe.levelChanged();
    update();
}

void LevelView::onFileChanged()
{
    // A newly opened file is framed, and stays framed while the window settles its size.
    m_probe.clear();
    m_autoFit = true;
    m_fitAwaitsGround = m_controller && !m_controller->document()->level().references.empty();
    onLevelChanged(document::LevelDocument::ChangeSet{});
    if (width() > 0 && height() > 0) fitToLevel();
}

void LevelView::onToolChanged()
{
    for (auto &tool : m_tools)
        if (tool) tool->cancel();
    // Another tool: the probe's readout goes back to the marker's (if one is placed), not the last
    // hover (only the probe tool probes under the pointer).
    m_probe.endHover();
    showToolCursor();
    emit toolHintChanged();
    update();
}

const RailShapes &LevelView::rails()
{
    if (!m_rails) {
        m_rails = m_controller
                      ? RailShapes::build(m_controller->document()->level(), m_controller->document()->railGeometryOf())
                      : RailShapes{};
        m_railPathBuilds += int(m_rails->size());
    }
    return *m_rails;
}

CanvasTool *LevelView::activeTool()
{
    if (!m_controller) return nullptr;
    const int index = toolIndex(m_controller->tool());
    if (index < 0) return nullptr;
    if (m_tools.size() <= std::size_t(index)) m_tools.resize(toolDescriptions().size());
    auto &slot = m_tools[std::size_t(index)];
    if (!slot) slot = toolDescriptions()[std::size_t(index)].makeForPlan(*this);
    return slot.get();
}

std::optional<CanvasHit> LevelView::pickAt(QPointF screen, const KindLayers *layers, const Selection *selection) const
{
    if (!m_controller) return std::nullopt;
    // rails() builds the shapes lazily: the pick reads them as a paint would.
    auto *self = const_cast<LevelView *>(this);
    return hitTest(m_controller->document()->level(), self->rails(), m_view, screen, layers, selection);
}

QString LevelView::toolHint() const
{
    auto *self = const_cast<LevelView *>(this);
    CanvasTool *tool = self->activeTool();
    if (!tool) return {};
    const QString busy = tool->hint();
    if (!busy.isEmpty()) return busy;
    const ToolDescription *description = findTool(m_controller->tool());
    return description ? toolText(description->hint) : QString();
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

QString LevelView::formatNumber(double value) const
{
    return QString::fromStdString(document::formatRounded(value, displayDecimals()));
}

QPointF LevelView::snapPoint(QPointF world) const
{
    if (!m_controller || !m_controller->snapEnabled()) return world;
    // A waypoint under the cursor lights up: points dropped there land exactly on it.
    const auto &level = m_controller->document()->level();
    if (auto id = waypointAt(level, m_view, m_view.toScreen(world), layers()))
        if (auto at = document::findObject(level, {document::ObjectKind::Waypoint, *id})) {
            const auto &p = level.waypoints[at->index].position;
            return {p.x, p.y};
        }
    return m_controller->snap(world);
}

void LevelView::paint(QPainter *painter)
{
    if (!m_controller) {
        paintGrid(*painter, m_view);
        return;
    }
    const auto &selected = m_controller->selection()->objects();
    PaintState state{m_view,    m_hoveredId,           &rails(), &m_controller->patrolPreview()->routes(),
                     &selected, m_controller->layers()};
    if (m_controller->selection()->railPoint() >= 0) {
        state.activeRail = m_controller->selection()->railPointRail().id;
        state.activeRailPoint = m_controller->selection()->railPoint();
    }
    const QSize pixels = (QSizeF(width(), height()) * window()->effectiveDevicePixelRatio()).toSize();
    if (!m_layerValid || m_layer.size() != pixels) {
        m_layer = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        m_layer.setDevicePixelRatio(window()->effectiveDevicePixelRatio());
        m_layer.fill(palette::background);
        QPainter layer(&m_layer);
        layer.setRenderHint(QPainter::Antialiasing, true);
        layer.setRenderHint(QPainter::TextAntialiasing, true);
        layer.setFont(painter->font());
        if (m_references) m_references->paint(layer, m_view);
        paintGrid(layer, m_view);
        m_navmesh.update(m_controller->navmesh()->shown() ? m_controller->navmesh()->shownMesh() : nullptr);
        m_navmesh.paint(layer, m_view);
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
        m_probe.setLabelRect(
            paintProbe(*painter, m_view, m_probe.session(), m_rails ? &*m_rails : nullptr, displayDecimals()));
        // Labels drawn later keep clear of the junctions' rings and ids.
        std::vector<QRectF> taken;
        if (m_controller->layers()->visible(document::ObjectKind::Rail) &&
            m_controller->layers()->visible(document::ObjectKind::Junction)) {
            std::set<std::string> selected;
            for (const auto &id : m_controller->selection()->objects())
                if (id.kind == document::ObjectKind::Junction) selected.insert(id.id);
            taken =
                paintJunctions(*painter, m_view, junctionMarks(m_controller->document()->level(), rails()), selected);
        }
        paintProfileMarks(*painter, taken);
        if (const auto agent = m_play.agent().sample(); agent && m_play.agent().playing())
            paintAgent(*painter, m_view, *agent,
                       agentReadout(*agent, m_play.agent().speedHere(),
                                    QString::fromStdString(m_controller->document()->level().info.units)));
        paintConflictShapes(*painter, m_view, m_conflictShapes);
        for (const QVariantList *marks : {&m_warningMarks, &m_problemMarks})
            for (const QVariant &mark : *marks) {
                const QVariantMap m = mark.toMap();
                paintWarningMark(*painter, m_view.toScreen({m.value("x").toDouble(), m.value("y").toDouble()}),
                                 m.value("error").toBool());
            }
    }
    paintScaleBar(*painter, m_view,
                  m_controller ? QString::fromStdString(m_controller->document()->level().info.units)
                               : QStringLiteral("m"));
}

void LevelView::showStatus(const QString &message)
{
    if (m_controller) m_controller->showStatus(message);
}

QPointF LevelView::junctionPosition(const QString &id)
{
    if (!m_controller) return {-1, -1};
    for (const JunctionMark &m : junctionMarks(m_controller->document()->level(), rails()))
        if (m.id == id.toStdString()) return m_view.toScreen(m.world);
    return {-1, -1};
}

void LevelView::setContours(bool on)
{
    if (!m_references || on == m_references->contours()) return;
    m_references->setContours(on);
    emit contoursChanged();
}

void LevelView::waitForReferences()
{
    if (m_references) m_references->waitForReady();
}

QVariant LevelView::groundUnderCursor() const
{
    if (!m_controller || !m_cursorInside) return {};
    return m_controller->ground()->heightAt(m_cursorWorld.x(), m_cursorWorld.y());
}

void LevelView::setWarningMarks(const QVariantList &marks)
{
    if (marks == m_warningMarks) return;
    m_warningMarks = marks;
    emit warningMarksChanged();
    update();
}

void LevelView::setConflictShapes(const QVariantList &shapes)
{
    if (shapes == m_conflictShapes) return;
    m_conflictShapes = shapes;
    emit warningMarksChanged();
    update();
}

void LevelView::setProblemMarks(const QVariantList &marks)
{
    if (marks == m_problemMarks) return;
    m_problemMarks = marks;
    emit warningMarksChanged();
    update();
}

} // namespace railforge::app
