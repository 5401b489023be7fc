// The 3D view's supports (rail_supports.h), kept in step with the level: a rail's supports are worked
// out again only when its geometry changed (the document's cache hands out a new one), or when the
// ground or the rail clearance did. Three line sets, one per clearance class, each drawn in its colour.
#pragma once

#include "app/view3d/level_scene_parts.h"
#include "app/view3d/mesh_geometry.h"
#include "app/view3d/rail_supports.h"
#include "document/model/rail_geometry_cache.h"

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <memory>
#include <string>

namespace railforge::app {

class EditorController;

class SceneSupports : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::EditorController *editor READ editor WRITE setEditor NOTIFY editorChanged)
    // False while the view is hidden: nothing is worked out until it shows again.
    Q_PROPERTY(bool live READ live WRITE setLive NOTIFY liveChanged)
    Q_PROPERTY(railforge::app::LineGeometry *low READ low CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *close READ close CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *clear READ clear CONSTANT)
    // The rails being dragged (["rail:id"], LevelScene3D::draggedKeys): their supports are drawn
    // apart, in the three below, so that the level's do not change while they move.
    Q_PROPERTY(QStringList draggedKeys READ draggedKeys WRITE setDraggedKeys NOTIFY draggedKeysChanged)
    Q_PROPERTY(railforge::app::LineGeometry *draggedLow READ draggedLow CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *draggedClose READ draggedClose CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *draggedClear READ draggedClear CONSTANT)
    // How many supports there are in each class, the dragged rail's included (tests; the view hides
    // an empty set).
    Q_PROPERTY(int lowCount READ lowCount NOTIFY supportsChanged)
    Q_PROPERTY(int closeCount READ closeCount NOTIFY supportsChanged)
    Q_PROPERTY(int clearCount READ clearCount NOTIFY supportsChanged)
public:
    using QObject::QObject;

    EditorController *editor() const { return m_editor; }
    void setEditor(EditorController *editor);
    bool live() const { return m_live; }
    void setLive(bool live);
    LineGeometry *low() const { return m_lines[0].get(); }
    LineGeometry *close() const { return m_lines[1].get(); }
    LineGeometry *clear() const { return m_lines[2].get(); }
    QStringList draggedKeys() const { return m_draggedKeys; }
    void setDraggedKeys(const QStringList &keys);
    LineGeometry *draggedLow() const { return m_dragged[0].get(); }
    LineGeometry *draggedClose() const { return m_dragged[1].get(); }
    LineGeometry *draggedClear() const { return m_dragged[2].get(); }
    int lowCount() const { return count(0); }
    int closeCount() const { return count(1); }
    int clearCount() const { return count(2); }
    // The supports of rail "rail:id" as last worked out: [{x, y, z, ground, clearance: "low"|"close"|"clear"}].
    Q_INVOKABLE QVariantList supportsOf(const QString &key) const;

signals:
    void editorChanged();
    void liveChanged();
    void supportsChanged();
    void draggedKeysChanged();

private:
    struct Entry {
        std::shared_ptr<const document::RailGeometry> geometry;
        std::vector<Support> supports;
    };
    void refresh();
    // The line sets again from the entries: the dragged rail's apart.
    void fillLines();
    int count(std::size_t clearance) const
    {
        return int(m_lines[clearance]->segmentCount() + m_dragged[clearance]->segmentCount());
    }

    QPointer<EditorController> m_editor;
    bool m_live = true;
    std::map<std::string, Entry> m_byRail;
    std::shared_ptr<const core::GroundSet> m_ground; // what the entries were worked out over
    double m_spacing = 0.0, m_limit = 0.0;
    using Lines = std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>>;
    std::array<Lines, 3> m_lines{Lines(new LineGeometry), Lines(new LineGeometry), Lines(new LineGeometry)};
    std::array<Lines, 3> m_dragged{Lines(new LineGeometry), Lines(new LineGeometry), Lines(new LineGeometry)};
    QStringList m_draggedKeys;
};

} // namespace railforge::app
