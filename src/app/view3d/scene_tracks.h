// The track meshes in the 3D view (docs/ui.md "3D view"), shown with the Track button or T: each
// rail's section swept along its frames, its ties and its supports standing on the ground, placed as
// `railforge-cli export-mesh` places them (core/track_sweep.h, document/export/track_parts.h), so what
// the designer sees is what the engine gets (drawn at a 2 cm chord error, the file at its own). A
// rail is swept again only when its geometry or its style changed, or a rail it leaves at a junction
// did (document/export/track_joins.h), or the junctions did; supports keep clear of every track, so
// they are placed again whenever a rail's shape changes.
#pragma once

#include "app/view3d/level_scene_parts.h"
#include "app/view3d/mesh_geometry.h"
#include "core/ground.h"
#include "document/model/rail_geometry_cache.h"
#include "document/model/track_style.h"

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace railforge::app {

class EditorController;

class SceneTracks : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::EditorController *editor READ editor WRITE setEditor NOTIFY editorChanged)
    // Whether the meshes are shown; nothing is swept while they are not (or the view is hidden).
    Q_PROPERTY(bool shown READ shown WRITE setShown NOTIFY shownChanged)
    Q_PROPERTY(bool live READ live WRITE setLive NOTIFY liveChanged)
    Q_PROPERTY(railforge::app::MeshGeometry *meshes READ meshes CONSTANT)
    // Triangles, ties and supports drawn (tests; the view hides an empty mesh).
    Q_PROPERTY(int triangleCount READ triangleCount NOTIFY meshesChanged)
    Q_PROPERTY(int tieCount READ tieCount NOTIFY meshesChanged)
    Q_PROPERTY(int supportCount READ supportCount NOTIFY meshesChanged)
public:
    using QObject::QObject;

    EditorController *editor() const { return m_editor; }
    void setEditor(EditorController *editor);
    bool shown() const { return m_shown; }
    void setShown(bool shown);
    bool live() const { return m_live; }
    void setLive(bool live);
    MeshGeometry *meshes() const { return m_meshes.get(); }
    int triangleCount() const { return int(m_meshes->triangleCount()); }
    int tieCount() const { return m_ties; }
    int supportCount() const { return m_supports; }

signals:
    void editorChanged();
    void shownChanged();
    void liveChanged();
    void meshesChanged();

private:
    struct Entry {
        std::shared_ptr<const document::RailGeometry> geometry;
        document::TrackStyle style; // as swept: its own or the level's default
        // The rails its ends leave at junctions, as they were when it was swept.
        std::vector<std::pair<std::shared_ptr<const document::RailGeometry>, document::TrackStyle>> against;
        TriangleMesh track;
        QColor color;
    };
    void refresh();

    QPointer<EditorController> m_editor;
    bool m_shown = false;
    bool m_live = true;
    std::map<std::string, Entry> m_byRail;
    bool m_junctionsMoved = true; // since the last sweep (the first sweep cuts every end)
    std::shared_ptr<const core::GroundSet> m_ground;
    int m_ties = 0, m_supports = 0;
    std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> m_meshes{new MeshGeometry};
};

} // namespace railforge::app
