#include "app/view3d/scene_placing.h"

#include "app/editor/editor_controller.h"
#include "app/editor/ground_editing.h"
#include "app/ground/ground_model.h"
#include "app/tools/tool_registry.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/scene_tool_drag.h"
#include "app/view3d/view_camera.h"
#include "document/model/tool_numbers.h"

#include <algorithm>

namespace railforge::app {

ScenePlacing::ScenePlacing(QObject *parent) : QObject(parent) {}

ScenePlacing::~ScenePlacing() = default;

void ScenePlacing::setScene(LevelScene3D *scene)
{
    if (scene == m_scene) return;
    if (m_scene) disconnect(m_scene, nullptr, this, nullptr);
    m_scene = scene;
    // The scene is given its editor after it is made (the window hands the panel one when it loads).
    if (m_scene) connect(m_scene, &LevelScene3D::controllerChanged, this, &ScenePlacing::followEditor);
    followEditor();
    emit sceneChanged();
}

void ScenePlacing::followEditor()
{
    m_tools.clear(); // what they had under way was another editor's
    updateDraft();
    disconnect(m_toolConnection);
    if (EditorController *editor = this->editor())
        m_toolConnection = connect(editor, &EditorController::toolChanged, this, [this] {
            // Another tool: what was being drawn or measured is dropped, as on the plan.
            dropDrafts();
            emit toolChanged();
        });
    emit toolChanged();
}

void ScenePlacing::setCamera(ViewCamera3D *camera)
{
    if (camera == m_camera) return;
    if (m_camera) disconnect(m_camera, nullptr, this, nullptr);
    m_camera = camera;
    if (m_camera) {
        connect(m_camera, &ViewCamera3D::changed, this, &ScenePlacing::updateDraftOnScreen);
        connect(m_camera, &ViewCamera3D::viewportChanged, this, &ScenePlacing::updateDraftOnScreen);
    }
    emit cameraChanged();
    updateDraftOnScreen();
}

void ScenePlacing::updateDraftOnScreen()
{
    QVariantList out;
    if (m_camera)
        for (const QVariant &p : std::as_const(m_draftLine)) {
            const QVector3D v = p.value<QVector3D>();
            out.push_back(m_camera->project(v.x(), v.y(), v.z()));
        }
    if (out == m_draftOnScreen) return;
    m_draftOnScreen = out;
    emit draftOnScreenChanged();
}

EditorController *ScenePlacing::editor() const { return m_scene ? m_scene->controller() : nullptr; }

namespace {

// The tool the 3D view works with while `id` is active: that tool when it works in any view; for a
// tool of the plan alone, the one that grabs objects (select), so the 3D view still selects and
// moves; -1 when there is none.
int toolIn3D(const QString &id)
{
    const int index = toolIndex(id);
    if (index < 0 || toolDescriptions()[std::size_t(index)].makeForAnyView) return index;
    const auto &all = toolDescriptions();
    const auto grabbing = std::find_if(all.begin(), all.end(),
                                       [](const ToolDescription &d) { return d.grabsObjects && d.makeForAnyView; });
    return grabbing == all.end() ? -1 : int(grabbing - all.begin());
}

} // namespace

CanvasTool *ScenePlacing::activeTool()
{
    const EditorController *editor = this->editor();
    if (!editor) return nullptr;
    const int index = toolIn3D(editor->tool());
    if (index < 0) return nullptr;
    if (m_tools.size() <= std::size_t(index)) m_tools.resize(toolDescriptions().size());
    auto &slot = m_tools[std::size_t(index)];
    if (!slot) slot = toolDescriptions()[std::size_t(index)].makeForAnyView(*this);
    return slot.get();
}

const ToolDescription *ScenePlacing::toolInView() const
{
    const EditorController *editor = this->editor();
    const int index = editor ? toolIn3D(editor->tool()) : -1;
    return index < 0 ? nullptr : &toolDescriptions()[std::size_t(index)];
}

bool ScenePlacing::placing() const
{
    const ToolDescription *tool = toolInView();
    return tool && !tool->grabsObjects;
}

bool ScenePlacing::selecting() const
{
    const ToolDescription *tool = toolInView();
    return tool && tool->grabsObjects;
}

ViewCamera3D *ScenePlacing::eventCamera() const { return m_eventCamera ? m_eventCamera.data() : m_camera.data(); }

std::optional<Landing> ScenePlacing::landingOf(ViewCamera3D *camera, double x, double y) const
{
    EditorController *editor = this->editor();
    if (!editor || !camera) return std::nullopt;
    const auto ground = editor->ground()->ground();
    return landOnSurface(ground.get(), rayThrough(camera->sceneCamera(), camera->viewport(), {x, y}));
}

bool ScenePlacing::aim(ViewCamera3D *camera, double x, double y, int modifiers, ToolEvent *event)
{
    m_landing = landingOf(camera, x, y);
    m_eventCamera = camera;
    *event = {QPointF(x, y), QPointF(), Qt::LeftButton, Qt::KeyboardModifiers(modifiers)};
    if (!m_landing) return false;
    event->world = QPointF(document::toolPosition(m_landing->point.x), document::toolPosition(m_landing->point.y));
    return true;
}

void ScenePlacing::setHolding(bool holding)
{
    if (holding == m_holding) return;
    m_holding = holding;
    emit holdingChanged();
}

double ScenePlacing::heightNearLanding(QPointF world) const
{
    if (!m_landing) return 0.0;
    const double z = m_landing->point.z;
    if (!m_landing->onSurface) return z;
    // Snapped across, a point keeps to the surface nearest the one the pointer is on (near a deck's
    // edge it stays on the deck's level while the deck is still under it).
    if (world == QPointF(document::toolPosition(m_landing->point.x), document::toolPosition(m_landing->point.y)))
        return z;
    const auto ground = editor()->ground()->ground();
    return ground->nearestSurface(world.x(), world.y(), z).value_or(z);
}

double ScenePlacing::placedHeight(QPointF world, document::ObjectKind kind, double current, bool) const
{
    // In 3D the pointer says where a point goes, whatever it was near before.
    if (!m_landing || !editor()) return current;
    double z = heightNearLanding(world);
    if (m_landing->onSurface) {
        if (kind == document::ObjectKind::Rail) z += editor()->grounding()->railClearance();
        if (kind == document::ObjectKind::Waypoint) z += editor()->grounding()->waypointClearance();
    }
    return document::toolPosition(z);
}

core::Vec3 ScenePlacing::walkableLanding(core::Vec3 p) const { return editor() ? editor()->navmesh()->landing(p) : p; }

double ScenePlacing::groundHeight(QPointF world) const { return document::toolPosition(heightNearLanding(world)); }

QVariant ScenePlacing::landingAt(ViewCamera3D *camera, double x, double y) const
{
    const auto landed = landingOf(camera, x, y);
    if (!landed) return {};
    return QVariantMap{{"x", document::toolPosition(landed->point.x)},
                       {"y", document::toolPosition(landed->point.y)},
                       {"z", document::toolPosition(landed->point.z)}};
}

bool ScenePlacing::click(ViewCamera3D *camera, double x, double y, int modifiers)
{
    CanvasTool *tool = activeTool();
    ToolEvent event;
    if (!tool || !camera || (!aim(camera, x, y, modifiers, &event) && !selecting())) return false;
    tool->press(event);
    tool->release(event);
    // A measurement's figures go to the status bar too, as the plan's hint does.
    if (m_measuring && !m_readout.isEmpty()) editor()->showStatus(m_readout);
    updateDraft();
    return true;
}

bool ScenePlacing::press(ViewCamera3D *camera, double x, double y, int modifiers, bool vertical)
{
    CanvasTool *tool = activeTool();
    if (!tool || !camera || !selecting()) return false;
    ToolEvent event;
    aim(camera, x, y, modifiers, &event);
    event.vertical = vertical;
    // A press on nothing is the camera's (a click there still reaches the tool, at the release).
    const bool band = event.modifiers.testFlag(Qt::ShiftModifier);
    if (!band && !junctionAt(event.screen) && !pickAt(event.screen, layers(), nullptr)) return false;
    tool->press(event);
    setHolding(true);
    updateDraft();
    return true;
}

void ScenePlacing::drag(ViewCamera3D *camera, double x, double y, int modifiers, bool vertical)
{
    CanvasTool *tool = activeTool();
    if (!tool || !camera || !m_holding) return;
    ToolEvent event;
    aim(camera, x, y, modifiers, &event);
    event.vertical = vertical;
    tool->drag(event);
    updateDraft();
}

void ScenePlacing::release(ViewCamera3D *camera, double x, double y, int modifiers)
{
    CanvasTool *tool = activeTool();
    if (!m_holding) return;
    setHolding(false);
    ToolEvent event;
    if (!tool || !camera) return;
    aim(camera, x, y, modifiers, &event);
    tool->release(event);
    updateDraft();
}

bool ScenePlacing::cancelDrag()
{
    if (!m_holding) return false;
    setHolding(false);
    if (CanvasTool *tool = activeTool()) tool->cancel();
    updateDraft();
    return true;
}

void ScenePlacing::doubleClick(ViewCamera3D *camera, double x, double y)
{
    CanvasTool *tool = activeTool();
    ToolEvent event;
    if (!tool || !camera) return;
    aim(camera, x, y, 0, &event);
    tool->doubleClick(event);
}

void ScenePlacing::secondaryClick(ViewCamera3D *camera, double x, double y)
{
    CanvasTool *tool = activeTool();
    ToolEvent event;
    if (!tool || !camera) return;
    aim(camera, x, y, 0, &event);
    event.button = Qt::RightButton;
    tool->secondaryPress(event);
}

void ScenePlacing::hover(ViewCamera3D *camera, double x, double y)
{
    CanvasTool *tool = activeTool();
    ToolEvent event;
    if (!tool || m_draftLine.isEmpty() || !aim(camera, x, y, 0, &event)) return;
    tool->hover(event);
}

bool ScenePlacing::finish()
{
    CanvasTool *tool = activeTool();
    return tool && tool->finish();
}

bool ScenePlacing::cancel()
{
    CanvasTool *tool = activeTool();
    return tool && tool->cancel();
}

void ScenePlacing::dropDrafts()
{
    setHolding(false);
    for (auto &tool : m_tools)
        if (tool) tool->cancel();
    updateDraft();
}

void ScenePlacing::updateDraft()
{
    CanvasTool *tool = activeTool();
    const CanvasTool::Draft draft = tool ? tool->draft() : CanvasTool::Draft{};
    m_draftLine.clear();
    for (const core::Vec3 &p : draft.line) m_draftLine.push_back(QVector3D(float(p.x), float(p.y), float(p.z)));
    m_draftPointCount = int(draft.placed);
    m_measuring = draft.measuring;
    m_readout = draft.readout;
    m_ring = draft.ring;
    m_band = draft.band ? QVariant(*draft.band) : QVariant();
    const bool between = !m_readout.isEmpty() && draft.line.size() == 2;
    m_readoutAt = between ? QVector3D(float((draft.line[0].x + draft.line[1].x) / 2),
                                      float((draft.line[0].y + draft.line[1].y) / 2),
                                      float((draft.line[0].z + draft.line[1].z) / 2))
                          : QVector3D();
    emit draftChanged();
    updateDraftOnScreen();
}

document::LevelDocument &ScenePlacing::document() { return *editor()->document(); }

Selection &ScenePlacing::selection() { return *editor()->selection(); }

std::optional<QPointF> ScenePlacing::toScreen(core::Vec3 world) const
{
    ViewCamera3D *camera = eventCamera();
    if (!camera) return std::nullopt;
    const auto p = project(camera->sceneCamera(), camera->viewport(), world);
    if (!p) return std::nullopt;
    return p->at;
}

QVariant ScenePlacing::joinAt() const
{
    const auto at = m_ring ? toScreen(*m_ring) : std::nullopt;
    return at ? QVariant(*at) : QVariant();
}

std::optional<std::string> ScenePlacing::junctionAt(QPointF screen) const
{
    ViewCamera3D *camera = eventCamera();
    if (!m_scene || !camera) return std::nullopt;
    return m_scene->junctionAt(camera, screen.x(), screen.y());
}

std::unique_ptr<PointFollow> ScenePlacing::grabPoint(core::Vec3 at, const ToolEvent &press)
{
    return grabInScene(eventCamera(), at, press);
}

std::unique_ptr<JoinFinder> ScenePlacing::joinFinder() { return joinFinderInScene(m_scene, eventCamera()); }

double ScenePlacing::obstacleFloor() const { return m_scene ? m_scene->pickScene().obstacleBottom : 0.0; }

double ScenePlacing::draggedHeight(QPointF world, document::ObjectKind kind, double current) const
{
    return editor() ? editor()->grounding()->placedHeight(world.x(), world.y(), kind, current, false) : current;
}

std::optional<CanvasHit> ScenePlacing::pickAt(QPointF screen, const KindLayers *layers, const Selection *) const
{
    ViewCamera3D *camera = eventCamera();
    if (!m_scene || !camera) return std::nullopt;
    return pickScene(m_scene->pickScene(), camera->sceneCamera(), camera->viewport(), screen, layers);
}

QPointF ScenePlacing::snap(QPointF world) const { return editor() ? editor()->snap(world) : world; }

const KindLayers *ScenePlacing::layers() const { return editor() ? editor()->layers() : nullptr; }

int ScenePlacing::nextMergeKey() { return editor() ? editor()->nextMergeKey() : 0; }

void ScenePlacing::probeAt(QPointF world, bool placeMarker)
{
    // Only a click probes from the 3D view: it drops the plan's marker there.
    if (placeMarker) emit probeRequested(world.x(), world.y());
}

void ScenePlacing::showStatus(const QString &message)
{
    if (editor()) editor()->showStatus(message);
}

} // namespace railforge::app
