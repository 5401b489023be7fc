#include "app/view3d/point_gizmo.h"

#include "app/editor/editor_controller.h"
#include "app/plan/canvas_hit_test.h"
#include "app/view3d/view_camera.h"
#include "document/editing/level_editing.h"
#include "document/model/tool_numbers.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railforge::app {

namespace {
constexpr double kRingPixels = 48.0; // the tilt ring's radius on the screen
constexpr int kRingSegments = 48;
constexpr double kRingPickPixels = 6.0;
constexpr double kArrowPixels = 90.0; // the move gizmo's arrows on the screen (longer than the ring)
constexpr double kArrowGrip = 0.65;   // the part of an arrow that picks it: beyond the ring
const core::Vec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

// Level units per pixel at `at` through `camera` (a constant size on the screen there).
double unitsPerPixel(const SceneCamera &camera, QSizeF viewport, core::Vec3 at)
{
    if (camera.orthographic) return 1.0 / std::max(camera.pixelsPerUnit, 1e-9);
    const double depth = std::max(core::dot(at - camera.position, camera.forward), kNearDepth);
    return 2.0 * depth * std::tan(camera.fovYDegrees * std::numbers::pi / 360.0) / std::max(viewport.height(), 1.0);
}

QVariant onScreen(const SceneCamera &camera, QSizeF viewport, core::Vec3 at)
{
    const auto p = project(camera, viewport, at);
    return p ? QVariant(p->at) : QVariant();
}

// The distance in pixels from `p` to the segment a-b.
double toSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = a + ab * t - p;
    return std::hypot(d.x(), d.y());
}
} // namespace

void PointGizmo::setEditor(EditorController *editor)
{
    if (editor == m_editor) return;
    end();
    if (m_editor) disconnect(m_editor, nullptr, this, nullptr);
    m_editor = editor;
    if (m_editor) {
        connect(m_editor->document(), &document::LevelDocument::levelChanged, this, [this](const auto &change) {
            // The gizmo sits on a rail's point or a waypoint.
            if (change.touchesKind(document::ObjectKind::Rail) || change.touchesKind(document::ObjectKind::Waypoint))
                update();
        });
        connect(m_editor->selection(), &Selection::changed, this, &PointGizmo::update);
    }
    emit editorChanged();
    update();
}

void PointGizmo::setCamera(ViewCamera3D *camera)
{
    if (camera == m_camera) return;
    if (m_camera) disconnect(m_camera, nullptr, this, nullptr);
    m_camera = camera;
    if (m_camera) {
        connect(m_camera, &ViewCamera3D::changed, this, &PointGizmo::update);
        connect(m_camera, &ViewCamera3D::viewportChanged, this, &PointGizmo::update);
    }
    emit cameraChanged();
    update();
}

void PointGizmo::setEnabled(bool enabled)
{
    if (enabled == m_enabled) return;
    m_enabled = enabled;
    if (!enabled) end();
    update();
}

QString PointGizmo::held() const
{
    if (m_handle) return QStringLiteral("handle");
    if (m_tilt) return QStringLiteral("tilt");
    if (m_axis) return QStringLiteral("axis");
    return {};
}

std::optional<PointGizmo::Active> PointGizmo::active() const
{
    if (!m_editor || !m_camera || !m_enabled) return std::nullopt;
    const Selection &selection = *m_editor->selection();
    const document::LevelDocument &document = *m_editor->document();
    const SceneCamera camera = m_camera->sceneCamera();
    if (selection.objects().size() == 1 && selection.objects().begin()->kind == document::ObjectKind::Waypoint &&
        m_editor->layers()->pickable(document::ObjectKind::Waypoint)) {
        const auto at = document::findObject(document.level(), *selection.objects().begin());
        if (!at) return std::nullopt;
        Active out;
        out.waypoint = document.level().waypoints[at->index].id;
        out.position = document.level().waypoints[at->index].position;
        out.ringRadius = kRingPixels * unitsPerPixel(camera, m_camera->viewport(), out.position);
        return out;
    }
    if (selection.railPoint() < 0 || !m_editor->layers()->pickable(document::ObjectKind::Rail)) return std::nullopt;
    const auto at = document::findObject(document.level(), selection.railPointRail());
    if (!at) return std::nullopt;
    const document::Rail &rail = document.level().rails[at->index];
    const auto index = std::size_t(selection.railPoint());
    if (index >= rail.points.size()) return std::nullopt;
    // The document's geometry of the rail: the tangent and up where the point is on it.
    const document::KnotFrame frame = document.railGeometry(at->index)->knotFrame(index);
    Active out;
    out.rail = rail.id;
    out.index = index;
    out.position = rail.points[index];
    out.tangent = frame.tangent;
    out.up = frame.up;
    out.tilt = frame.tiltDegrees;
    out.handles = document::shownHandleTips(rail, index);
    out.ringRadius = kRingPixels * unitsPerPixel(camera, m_camera->viewport(), out.position);
    return out;
}

void PointGizmo::update()
{
    const auto at = active();
    const SceneCamera camera = m_camera ? m_camera->sceneCamera() : SceneCamera{};
    const QSizeF viewport = m_camera ? m_camera->viewport() : QSizeF{};
    m_point = at ? onScreen(camera, viewport, at->position) : QVariant();
    m_shown = m_point.isValid();
    m_handleIn = m_handleOut = m_up = QVariant();
    m_ring.clear();
    m_arrows.clear();
    if (m_shown) {
        for (const document::ShownHandle &h : at->handles)
            (h.side == document::HandleSide::In ? m_handleIn : m_handleOut) = onScreen(camera, viewport, h.tip);
        if (at->waypoint.empty() && at->tangent != core::Vec3{}) {
            const core::Vec3 side = core::cross(at->tangent, at->up);
            for (int i = 0; i <= kRingSegments; ++i) {
                const double a = 2.0 * std::numbers::pi * i / kRingSegments;
                const core::Vec3 p = at->position + (at->up * std::cos(a) + side * std::sin(a)) * at->ringRadius;
                const QVariant q = onScreen(camera, viewport, p);
                if (q.isValid()) m_ring.push_back(q);
            }
            m_up = onScreen(camera, viewport, at->position + at->up * at->ringRadius);
        }
        const double arrow = at->ringRadius * kArrowPixels / kRingPixels;
        for (const core::Vec3 &axis : kAxes)
            m_arrows.push_back(onScreen(camera, viewport, at->position + axis * arrow));
    }
    emit changed();
}

std::optional<double> PointGizmo::angleAbout(const Active &at, const Ray &ray) const
{
    const auto hit = planeHit(ray, at.position, at.tangent);
    if (!hit) return std::nullopt;
    const core::Vec3 v = *hit - at.position;
    const core::Vec3 side = core::cross(at.tangent, at.up);
    if (core::length(v) < 1e-12) return std::nullopt;
    return std::atan2(core::dot(v, side), core::dot(v, at.up));
}

bool PointGizmo::begin(double x, double y, bool vertical)
{
    end();
    const auto at = active();
    if (!at || !m_shown) return false;
    const QPointF pointer(x, y);
    const Ray ray = rayThrough(m_camera->sceneCamera(), m_camera->viewport(), pointer);
    // A handle's dot first (it is what the designer asked to see), then the ring.
    for (const document::ShownHandle &h : at->handles) {
        const QVariant shown = h.side == document::HandleSide::In ? m_handleIn : m_handleOut;
        if (!shown.isValid()) continue;
        const QPointF d = shown.toPointF() - pointer;
        if (std::hypot(d.x(), d.y()) > kPickPixels) continue;
        const auto drag = PointDrag::grab(h.tip, ray, vertical ? DragAxis::Vertical : DragAxis::Horizontal);
        if (!drag) return false;
        m_handle = HandleHeld{h.side, *drag, ray};
        grab(*at, document::gripOf(h.side));
        return true;
    }
    // The dot where the point's up is: the ring's own grip, before the arrows it may lie on.
    const auto grabRing = [&]() {
        const auto angle = angleAbout(*at, ray);
        if (!angle) return false;
        m_tilt = TiltHeld{at->tilt, pointer, *angle, 0.0};
        grab(*at, document::Grip::Tilt);
        return true;
    };
    if (m_up.isValid()) {
        const QPointF d = m_up.toPointF() - pointer;
        if (std::hypot(d.x(), d.y()) <= kPickPixels && grabRing()) return true;
    }
    // An arrow of the move gizmo: along its outer part (the inner part is the point's own).
    for (int i = 0; i < m_arrows.size(); ++i) {
        if (!m_arrows[i].isValid()) continue;
        const QPointF from = m_point.toPointF(), tip = m_arrows[i].toPointF();
        const QPointF outer = from + (tip - from) * kArrowGrip;
        if (toSegment(pointer, outer, tip) > kRingPickPixels) continue;
        const auto grabbed = alongAxis(ray, at->position, kAxes[i]);
        if (!grabbed) continue;
        m_axis = AxisHeld{i, *grabbed};
        grab(*at, document::Grip::Point);
        return true;
    }
    // The point itself is the select tool's drag (ScenePlacing), even where the ring, seen edge-on, runs
    // through it.
    if (const QPointF d = m_point.toPointF() - pointer; std::hypot(d.x(), d.y()) <= kPickPixels) return false;
    bool onRing = false;
    for (int i = 1; i < m_ring.size() && !onRing; ++i)
        onRing = toSegment(pointer, m_ring[i - 1].toPointF(), m_ring[i].toPointF()) <= kRingPickPixels;
    return onRing && grabRing();
}

void PointGizmo::moveTo(double x, double y, bool vertical, bool breakFree, bool fine, bool snap)
{
    if (!m_grabbed || !m_editor || !m_camera) return;
    const Ray ray = rayThrough(m_camera->sceneCamera(), m_camera->viewport(), {x, y});
    document::LevelDocument &document = *m_editor->document();
    if (m_handle) {
        const DragAxis axis = vertical ? DragAxis::Vertical : DragAxis::Horizontal;
        if (axis != m_handle->drag.axis) {
            // The other axis from here on, from where the handle and the pointer were at the last step.
            const auto now = active();
            const auto tip =
                now ? std::find_if(now->handles.begin(), now->handles.end(),
                                   [&](const document::ShownHandle &h) { return h.side == m_handle->side; })
                    : std::vector<document::ShownHandle>::const_iterator{};
            if (!now || tip == now->handles.end()) return;
            const auto regrabbed = PointDrag::grab(tip->tip, m_handle->lastRay, axis);
            if (!regrabbed) return;
            m_handle->drag = *regrabbed;
        }
        m_handle->lastRay = ray;
        const auto target = m_handle->drag.follow(ray);
        if (!target) return;
        m_drag->moveTo(*target, breakFree); // the drag keeps the offset from the point, rounded
        return;
    }
    if (m_axis) {
        const core::Vec3 axis = kAxes[m_axis->axis];
        const auto now = alongAxis(ray, m_grabbed->position, axis);
        if (!now) return;
        core::Vec3 target = m_grabbed->position + axis * (*now - m_axis->grabbed);
        // With snapping on, the moved coordinate lands on the grid.
        double &moved = m_axis->axis == 0 ? target.x : m_axis->axis == 1 ? target.y : target.z;
        if (m_editor->snapEnabled()) moved = std::round(moved / m_editor->snapSize()) * m_editor->snapSize();
        target = document::toolPoint(target);
        if (!m_grabbed->waypoint.empty()) {
            // Moved by how far it is from where it is now (the drag steps add up to the pointer's).
            const auto now =
                document::findObject(document.level(), {document::ObjectKind::Waypoint, m_grabbed->waypoint});
            if (now && !(document.level().waypoints[now->index].position == target))
                document::moveObjects(document, {{document::ObjectKind::Waypoint, m_grabbed->waypoint}},
                                      target - document.level().waypoints[now->index].position, m_mergeKey);
            return;
        }
        const std::string why = m_drag->moveTo(target);
        if (!why.empty()) m_editor->showStatus(QString::fromStdString(why));
        return;
    }
    if (m_tilt) {
        const auto angle = angleAbout(*m_grabbed, ray);
        if (!angle) return;
        // Unwrapped step by step, so a drag round the ring more than once keeps rolling.
        double step = *angle - m_tilt->lastAngle;
        step = std::remainder(step, 2.0 * std::numbers::pi);
        // Seen edge-on the angle about the tangent swings a long way for a short move: never more
        // than the pointer's travel round a ring seen face-on.
        const QPointF pointer(x, y);
        const double travel = std::hypot(pointer.x() - m_tilt->lastPointer.x(), pointer.y() - m_tilt->lastPointer.y());
        step = std::clamp(step, -travel / kRingPixels, travel / kRingPixels);
        m_tilt->lastPointer = pointer;
        m_tilt->lastAngle = *angle;
        m_tilt->turned += fine ? step / 10.0 : step;
        double degrees = m_tilt->startTilt + m_tilt->turned * 180.0 / std::numbers::pi;
        if (snap) degrees = 5.0 * std::round(degrees / 5.0);
        m_drag->tiltTo(document::toolAngle(degrees));
    }
}

void PointGizmo::grab(const Active &at, document::Grip grip)
{
    m_grabbed = at;
    m_mergeKey = m_editor->nextMergeKey();
    m_undoIndex = m_editor->document()->undoStack()->index();
    // A rail's point, handle or tilt goes through the handle protocol, as on the plan and the profile;
    // a waypoint alone has only the arrows, moved as any object is.
    if (at.waypoint.empty())
        m_drag.emplace(*m_editor->document(), document::PointHandle{at.rail, at.index, grip}, m_mergeKey);
    emit heldChanged();
}

bool PointGizmo::cancel()
{
    if (!m_grabbed || !m_editor) return false;
    if (m_drag)
        m_drag->cancel();
    else
        document::takeBackSince(*m_editor->document(), m_undoIndex);
    end();
    return true;
}

void PointGizmo::end()
{
    const bool wasHeld = m_handle || m_tilt || m_axis;
    m_handle.reset();
    m_tilt.reset();
    m_axis.reset();
    m_grabbed.reset();
    m_drag.reset();
    if (wasHeld) emit heldChanged();
}

} // namespace railforge::app
