// The shown agent's navigation mesh in the 3D view (View > Navigation mesh): its walkable polygons as
// a translucent skin a few centimetres over the ground they cover, and the edges where the walkable
// ground ends as lines; made again as each bake (or tile re-bake) ends, never on a drag step of the
// view itself.
#pragma once

#include "app/view3d/level_scene_parts.h"
#include "app/view3d/mesh_geometry.h"

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class EditorController;

class SceneNavMesh : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::EditorController *editor READ editor WRITE setEditor NOTIFY editorChanged)
    // False while the view is hidden: nothing is made until it shows again.
    Q_PROPERTY(bool live READ live WRITE setLive NOTIFY liveChanged)
    Q_PROPERTY(railforge::app::MeshGeometry *surface READ surface CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *outline READ outline CONSTANT)
    // Something to draw (the navmesh is shown and the shown agent has one); its triangles (tests).
    Q_PROPERTY(bool shown READ shown NOTIFY changed)
    Q_PROPERTY(int triangles READ triangles NOTIFY changed)
    // How many times the geometry was made (tests: a bake that moved tiles makes it again).
    Q_PROPERTY(int builds READ builds NOTIFY changed)
public:
    using QObject::QObject;

    EditorController *editor() const { return m_editor; }
    void setEditor(EditorController *editor);
    bool live() const { return m_live; }
    void setLive(bool live);
    MeshGeometry *surface() const { return m_surface.get(); }
    LineGeometry *outline() const { return m_outline.get(); }
    bool shown() const { return m_triangles > 0; }
    int triangles() const { return m_triangles; }
    int builds() const { return m_builds; }

signals:
    void editorChanged();
    void liveChanged();
    void changed();

private:
    void refresh();

    QPointer<EditorController> m_editor;
    bool m_live = true;
    const void *m_mesh = nullptr; // what the geometry shows, and its revision
    std::uint64_t m_revision = 0;
    int m_triangles = 0;
    int m_builds = 0;
    std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> m_surface{new MeshGeometry};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> m_outline{new LineGeometry};
};

} // namespace railforge::app
