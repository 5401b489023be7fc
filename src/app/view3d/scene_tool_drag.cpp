#include "app/view3d/scene_tool_drag.h"

#include "app/view3d/drag_plane.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/view_camera.h"

#include <cmath>

namespace railforge::app {

namespace {

std::optional<Ray> rayOf(const QPointer<ViewCamera3D> &camera, QPointF screen)
{
    if (!camera) return std::nullopt;
    return rayThrough(camera->sceneCamera(), camera->viewport(), screen);
}

DragAxis axisOf(const ToolEvent &event) { return event.vertical ? DragAxis::Vertical : DragAxis::Horizontal; }

class ScenePointFollow final : public PointFollow {
public:
    ScenePointFollow(QPointer<ViewCamera3D> camera, PointDrag drag, Ray ray)
        : m_camera(std::move(camera)), m_drag(drag), m_lastRay(ray)
    {}
    std::optional<core::Vec3> follow(const ToolEvent &event, core::Vec3 now) override
    {
        const auto ray = rayOf(m_camera, event.screen);
        if (!ray) return std::nullopt;
        if (axisOf(event) != m_drag.axis) {
            // The other axis from here on, from where the point and the pointer were at the last step.
            const auto regrabbed = PointDrag::grab(now, m_lastRay, axisOf(event));
            if (!regrabbed) return std::nullopt;
            m_drag = *regrabbed;
        }
        m_lastRay = *ray;
        return m_drag.follow(*ray);
    }
    bool vertical() const override { return m_drag.axis == DragAxis::Vertical; }

private:
    QPointer<ViewCamera3D> m_camera;
    PointDrag m_drag;
    Ray m_lastRay;
};

class SceneJoinFinder final : public JoinFinder {
public:
    SceneJoinFinder(QPointer<LevelScene3D> scene, QPointer<ViewCamera3D> camera)
        : m_scene(std::move(scene)), m_camera(std::move(camera))
    {}
    std::vector<JoinCandidate> near(QPointF screen) override
    {
        std::vector<JoinCandidate> candidates;
        if (!m_scene || !m_camera) return candidates;
        const PickScene scene = m_scene->pickScene();
        if (!scene.level) return candidates;
        const SceneCamera view = m_camera->sceneCamera();
        const QSizeF viewport = m_camera->viewport();
        for (std::size_t r = 0; r < scene.level->rails.size() && r < scene.rails.size(); ++r) {
            const auto near = nearestOnRail(*scene.rails[r], view, viewport, screen);
            if (!near) continue;
            // How far the place shows from the rail's ends, through this camera.
            const core::ArcLengthTable &table = scene.rails[r]->table();
            const auto here = project(view, viewport, core::sampleAt(table, near->s).position);
            auto pixelsTo = [&](double s) {
                const auto there = project(view, viewport, core::sampleAt(table, s).position);
                return here && there ? std::hypot(here->at.x() - there->at.x(), here->at.y() - there->at.y()) : 1e9;
            };
            candidates.push_back({r, near->s, near->pixels, pixelsTo(0.0), pixelsTo(scene.rails[r]->length)});
        }
        return candidates;
    }

private:
    QPointer<LevelScene3D> m_scene;
    QPointer<ViewCamera3D> m_camera;
};

} // namespace

std::unique_ptr<PointFollow> grabInScene(QPointer<ViewCamera3D> camera, core::Vec3 at, const ToolEvent &press)
{
    const auto ray = rayOf(camera, press.screen);
    const auto drag = ray ? PointDrag::grab(at, *ray, axisOf(press)) : std::nullopt;
    if (!drag) return nullptr;
    return std::make_unique<ScenePointFollow>(std::move(camera), *drag, *ray);
}

std::unique_ptr<JoinFinder> joinFinderInScene(QPointer<LevelScene3D> scene, QPointer<ViewCamera3D> camera)
{
    return std::make_unique<SceneJoinFinder>(std::move(scene), std::move(camera));
}

} // namespace railforge::app
