#include "app/view3d/scene_placing.h"

#include "app/editor/editor_controller.h"
#include "app/editor/ground_editing.h"
#include "app/ground/ground_model.h"
#include "app/plan/canvas_hit_test.h"
#include "app/tools/ruler_readout.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/view_camera.h"
#include "document/editing/level_editing.h"
#include "document/model/tool_numbers.h"

#include <cmath>

namespace railforge::app {

namespace {
using Tool = EditorController::Tool;
// The ruler's figures in the 3D view: centimetres in a level in metres.
constexpr int kRulerDecimals = 2;
} // namespace

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
    clearDraft();
    disconnect(m_toolConnection);
    if (EditorController *editor = this->editor())
        m_toolConnection = connect(editor, &EditorController::toolChanged, this, [this] {
            // Another tool: what was being drawn or measured is dropped, as in the plan.
            clearDraft();
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

bool ScenePlacing::placing() const
{
    const EditorController *editor = this->editor();
    if (!editor) return false;
    const Tool tool = editor->tool();
    return tool == Tool::Rail || tool == Tool::Waypoint || tool == Tool::Ruler || tool == Tool::Probe;
}

std::optional<core::Vec3> ScenePlacing::landing(ViewCamera3D *camera, double x, double y,
                                                std::optional<document::ObjectKind> kind) const
{
    EditorController *editor = this->editor();
    if (!editor || !camera) return std::nullopt;
    const auto ground = editor->ground()->ground();
    const auto landed = landOnSurface(ground.get(), rayThrough(camera->sceneCamera(), camera->viewport(), {x, y}));
    if (!landed) return std::nullopt;
    // Across onto the grid with snapping on; on a surface, the height there of the surface nearest
    // the one the pointer is on (a snapped point near a deck's edge stays on the deck's level when
    // the deck is still under it).
    const QPointF snapped = editor->snap({landed->point.x, landed->point.y});
    core::Vec3 at{snapped.x(), snapped.y(), landed->point.z};
    if (landed->onSurface) {
        if (snapped != QPointF(landed->point.x, landed->point.y))
            at.z = ground->nearestSurface(at.x, at.y, landed->point.z).value_or(at.z);
        if (kind == document::ObjectKind::Rail) at.z += editor->grounding()->railClearance();
        if (kind == document::ObjectKind::Waypoint) at.z += editor->grounding()->waypointClearance();
    }
    return document::toolPoint(at);
}

std::optional<core::Vec3> ScenePlacing::rulerEnd(ViewCamera3D *camera, double x, double y) const
{
    EditorController *editor = this->editor();
    if (!editor || !camera) return std::nullopt;
    // Every kind, locked or not: measuring moves nothing.
    const auto hit = pickScene(m_scene->pickScene(), camera->sceneCamera(), camera->viewport(), {x, y});
    const document::Level &level = editor->document()->level();
    if (hit && (hit->type == CanvasHit::Type::Waypoint || hit->type == CanvasHit::Type::RailPoint))
        if (const auto at = document::findObject(level, hit->object)) {
            if (hit->type == CanvasHit::Type::Waypoint) return level.waypoints[at->index].position;
            return level.rails[at->index].points[hit->point];
        }
    return landing(camera, x, y, std::nullopt);
}

QVariant ScenePlacing::landingAt(ViewCamera3D *camera, double x, double y) const
{
    const EditorController *editor = this->editor();
    if (!editor) return {};
    std::optional<document::ObjectKind> kind;
    if (editor->tool() == Tool::Rail) kind = document::ObjectKind::Rail;
    if (editor->tool() == Tool::Waypoint) kind = document::ObjectKind::Waypoint;
    const auto at = landing(camera, x, y, kind);
    if (!at) return {};
    return QVariantMap{{"x", at->x}, {"y", at->y}, {"z", at->z}};
}

bool ScenePlacing::click(ViewCamera3D *camera, double x, double y)
{
    EditorController *editor = this->editor();
    if (!editor || !camera || !placing()) return false;
    auto &document = *editor->document();
    switch (editor->tool()) {
    case Tool::Waypoint: {
        const auto at = landing(camera, x, y, document::ObjectKind::Waypoint);
        if (!at) return false;
        const std::string id = document::addWaypoint(document, *at);
        editor->selection()->set({{document::ObjectKind::Waypoint, id}});
        return true;
    }
    case Tool::Rail: {
        // A click on the first point of three or more closes the rail into a loop.
        if (m_points.size() >= 3)
            if (const auto first = project(camera->sceneCamera(), camera->viewport(), m_points.front()))
                if (std::hypot(first->at.x() - x, first->at.y() - y) <= kPickPixels) {
                    const auto id = document::addRail(document, m_points, true);
                    if (!id) return false;
                    editor->selection()->set({{document::ObjectKind::Rail, *id}});
                    clearDraft();
                    return true;
                }
        const auto at = landing(camera, x, y, document::ObjectKind::Rail);
        if (!at) return false;
        // A double-click's second press lands where the first did: one point, not two.
        if (m_points.empty() || m_points.back() != *at) m_points.push_back(*at);
        m_cursor = at;
        updateDraft();
        return true;
    }
    case Tool::Ruler: {
        const auto at = rulerEnd(camera, x, y);
        if (!at) return false;
        if (m_points.size() != 1 || m_rulerFixed) {
            m_points = {*at};
            m_rulerFixed = false;
        } else {
            m_points.push_back(*at);
            m_rulerFixed = true;
        }
        m_cursor = at;
        updateDraft();
        editor->showStatus(m_readout);
        return true;
    }
    case Tool::Probe: {
        const auto at = landing(camera, x, y, std::nullopt);
        if (!at) return false;
        emit probeRequested(at->x, at->y);
        return true;
    }
    case Tool::Select:
    case Tool::Connect:
    case Tool::Obstacle:
    case Tool::Patrol: return false; // they place nothing in 3D
    }
    return false;
}

void ScenePlacing::hover(ViewCamera3D *camera, double x, double y)
{
    const EditorController *editor = this->editor();
    if (!editor || m_points.empty() || m_rulerFixed) return;
    m_cursor =
        editor->tool() == Tool::Ruler ? rulerEnd(camera, x, y) : landing(camera, x, y, document::ObjectKind::Rail);
    updateDraft();
}

bool ScenePlacing::finish()
{
    EditorController *editor = this->editor();
    if (!editor || editor->tool() != Tool::Rail || m_points.size() < 2) return false;
    const auto id = document::addRail(*editor->document(), m_points, false);
    if (!id) return false;
    editor->selection()->set({{document::ObjectKind::Rail, *id}});
    clearDraft();
    return true;
}

bool ScenePlacing::cancel()
{
    if (m_points.empty()) return false;
    clearDraft();
    return true;
}

void ScenePlacing::clearDraft()
{
    m_points.clear();
    m_cursor.reset();
    m_rulerFixed = false;
    updateDraft();
}

void ScenePlacing::updateDraft()
{
    std::vector<core::Vec3> line = m_points;
    if (m_cursor && !m_rulerFixed && !m_points.empty()) line.push_back(*m_cursor);
    m_draftLine.clear();
    for (const core::Vec3 &p : line) m_draftLine.push_back(QVector3D(float(p.x), float(p.y), float(p.z)));
    const bool measuring = editor() && editor()->tool() == Tool::Ruler && line.size() == 2;
    m_readout = measuring ? rulerReadout(line[0], line[1], kRulerDecimals) : QString();
    m_readoutAt = measuring ? QVector3D(float((line[0].x + line[1].x) / 2), float((line[0].y + line[1].y) / 2),
                                        float((line[0].z + line[1].z) / 2))
                            : QVector3D();
    emit draftChanged();
    updateDraftOnScreen();
}

} // namespace railforge::app
