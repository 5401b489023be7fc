// The editor's hub for QML: the document and the selection, the active tool, snapping, undo/redo,
// the status line, and the parts that do the rest, one job each (the way Tiled splits its
// MapDocument, DocumentManager and ClipboardManager):
//   files      FileSession      new / open / save / revert / recent files / problems of a bad file
//   recovery   RecoverySession  autosave and crash recovery
//   inspector  ObjectInspector  the selected object's fields and their edits
//   channels   ChannelInspector the active key of a rail channel (profile lanes) and its edits
//   rail       RailInspector    the selected rail's spline, points, active point, banking
//   track      TrackInspector   the selected rail's track style (section, size, ties, supports)
//   junction   JunctionInspector the selected junction's ways and default
//   pipeline   PipelineEditor   smoothing pipelines and previewed routes
//   clipboard  Clipboard        copy / paste / duplicate
//   transfer   ImportExport     engine export and CSV import
//   meshes     MeshExport       the rails' track meshes as glTF
//   layers     KindLayers       show / hide / lock per object kind
//   cursor     RailCursor       the place along the profiled rail the plan and the profile share
//   access     ReferenceAccess  the rules reference files are read under (the project, limits)
//   ground     GroundModel      the level's ground, read from its mesh and heightmap references
//   grounding  GroundEditing    snapping points onto the ground, draping rails over it
//   references ReferenceList    the level's images, meshes and heightmaps (show, lock, place)
//   navmesh    NavMeshModel     the agents' navigation meshes, baked off the UI thread, shown in the views
//   agent      AgentInspector   the selected agent's sizes
#pragma once

#include "app/editor/ground_editing.h"
#include "app/editor/kind_layers.h"
#include "app/editor/rail_cursor.h"
#include "app/ground/ground_model.h"
#include "app/inspector/agent_inspector.h"
#include "app/inspector/channel_inspector.h"
#include "app/inspector/junction_inspector.h"
#include "app/inspector/object_inspector.h"
#include "app/inspector/rail_inspector.h"
#include "app/inspector/track_inspector.h"
#include "app/navigation/navmesh_model.h"
#include "app/pipeline/patrol_preview.h"
#include "app/pipeline/pipeline_editor.h"
#include "app/problems/problem_list.h"
#include "app/references/reference_list.h"
#include "app/selection/selection.h"
#include "app/session/clipboard.h"
#include "app/session/file_session.h"
#include "app/session/import_export.h"
#include "app/session/mesh_export.h"
#include "app/session/recovery_session.h"
#include "document/editing/level_document.h"
#include "document/strategy/strategy_registry.h"

#include <QObject>
#include <QPointF>
#include <QTimer>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class EditorController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::document::LevelDocument *document READ document CONSTANT)
    Q_PROPERTY(railforge::app::Selection *selection READ selection CONSTANT)
    Q_PROPERTY(railforge::app::FileSession *files READ files CONSTANT)
    Q_PROPERTY(railforge::app::RecoverySession *recovery READ recovery CONSTANT)
    Q_PROPERTY(railforge::app::ObjectInspector *inspector READ inspector CONSTANT)
    Q_PROPERTY(railforge::app::ChannelInspector *channels READ channels CONSTANT)
    Q_PROPERTY(railforge::app::RailInspector *rail READ rail CONSTANT)
    Q_PROPERTY(railforge::app::TrackInspector *track READ track CONSTANT)
    Q_PROPERTY(railforge::app::JunctionInspector *junction READ junction CONSTANT)
    Q_PROPERTY(railforge::app::PipelineEditor *pipeline READ pipeline CONSTANT)
    Q_PROPERTY(railforge::app::Clipboard *clipboard READ clipboard CONSTANT)
    Q_PROPERTY(railforge::app::ImportExport *transfer READ transfer CONSTANT)
    Q_PROPERTY(railforge::app::MeshExport *meshes READ meshes CONSTANT)
    Q_PROPERTY(railforge::app::KindLayers *layers READ layers CONSTANT)
    Q_PROPERTY(railforge::app::RailCursor *cursor READ cursor CONSTANT)
    Q_PROPERTY(railforge::app::ReferenceAccess *access READ access CONSTANT)
    Q_PROPERTY(railforge::app::GroundModel *ground READ ground CONSTANT)
    Q_PROPERTY(railforge::app::GroundEditing *grounding READ grounding CONSTANT)
    Q_PROPERTY(railforge::app::ReferenceList *references READ references CONSTANT)
    Q_PROPERTY(railforge::app::ProblemList *problems READ problems CONSTANT)
    Q_PROPERTY(railforge::app::NavMeshModel *navmesh READ navmesh CONSTANT)
    Q_PROPERTY(railforge::app::AgentInspector *agent READ agent CONSTANT)
    // The rail or patrol the profile shows ("rail:id", "patrol:id"; "" when none): the one selected
    // object of those kinds, or the rail whose point is active.
    Q_PROPERTY(QString profileKey READ profileKey NOTIFY profileKeyChanged)
    // Whether this build has the 3D view (Qt Quick 3D; the CMake option RAILFORGE_VIEW3D).
    Q_PROPERTY(bool has3DView READ has3DView CONSTANT)
    Q_PROPERTY(QString levelName READ levelName NOTIFY levelChanged)
    Q_PROPERTY(QString levelUnits READ levelUnits NOTIFY levelChanged)
    Q_PROPERTY(int waypointCount READ waypointCount NOTIFY levelChanged)
    Q_PROPERTY(int edgeCount READ edgeCount NOTIFY levelChanged)
    Q_PROPERTY(int obstacleCount READ obstacleCount NOTIFY levelChanged)
    Q_PROPERTY(int railCount READ railCount NOTIFY levelChanged)
    Q_PROPERTY(int patrolCount READ patrolCount NOTIFY levelChanged)
    // The active canvas tool: the id of its entry in the tool registry (tools/tool_registry.h,
    // "select", "rail", ...). The views make the tool from that entry; an id not there is no tool.
    Q_PROPERTY(QString tool READ tool WRITE setTool NOTIFY toolChanged)
    Q_PROPERTY(bool snapEnabled READ snapEnabled WRITE setSnapEnabled NOTIFY snapChanged)
    Q_PROPERTY(double snapSize READ snapSize WRITE setSnapSize NOTIFY snapChanged)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    // The last thing the editor did or refused, for the status bar ("" after a while).
    Q_PROPERTY(QString statusMessage READ statusMessage NOTIFY statusMessageChanged)
public:
    explicit EditorController(QObject *parent = nullptr);
    ~EditorController() override;

    document::LevelDocument *document() { return &m_document; }
    Selection *selection() { return &m_selection; }
    PatrolPreview *patrolPreview() { return m_preview.get(); }
    const document::StrategyRegistry &registry() const { return m_registry; }
    FileSession *files() { return m_files; }
    RecoverySession *recovery() { return m_recovery; }
    ObjectInspector *inspector() { return m_inspector; }
    ChannelInspector *channels() { return m_channels; }
    RailInspector *rail() { return m_rail; }
    TrackInspector *track() { return m_track; }
    JunctionInspector *junction() { return m_junction; }
    PipelineEditor *pipeline() { return m_pipeline; }
    Clipboard *clipboard() { return m_clipboard; }
    ImportExport *transfer() { return m_transfer; }
    MeshExport *meshes() { return m_meshes; }
    KindLayers *layers() { return m_layers; }
    RailCursor *cursor() { return m_cursor; }
    ReferenceAccess *access() { return m_access; }
    GroundModel *ground() { return m_ground; }
    GroundEditing *grounding() { return m_grounding; }
    ReferenceList *references() { return m_references; }
    ProblemList *problems() { return m_problems; }
    NavMeshModel *navmesh() { return m_navmesh; }
    AgentInspector *agent() { return m_agent; }
    QString profileKey() const;
#ifdef RAILFORGE_HAS_VIEW3D
    static constexpr bool has3DView() { return true; }
#else
    static constexpr bool has3DView() { return false; }
#endif

    QString levelName() const { return QString::fromStdString(m_document.level().info.name); }
    QString levelUnits() const { return QString::fromStdString(m_document.level().info.units); }
    int waypointCount() const { return int(m_document.level().waypoints.size()); }
    int edgeCount() const { return int(m_document.level().edges.size()); }
    int obstacleCount() const { return int(m_document.level().obstacles.size()); }
    int railCount() const { return int(m_document.level().rails.size()); }
    int patrolCount() const { return int(m_document.level().patrols.size()); }
    const QString &tool() const { return m_tool; }
    void setTool(const QString &tool);
    bool snapEnabled() const { return m_snapEnabled; }
    void setSnapEnabled(bool enabled);
    double snapSize() const { return m_snapSize; }
    void setSnapSize(double size);
    bool canUndo() const { return m_document.undoStack()->canUndo(); }
    bool canRedo() const { return m_document.undoStack()->canRedo(); }
    QString undoText() const { return m_document.undoStack()->undoText(); }
    QString redoText() const { return m_document.undoStack()->redoText(); }
    QString statusMessage() const { return m_statusMessage; }

    // The world point on the grid when snapping is on.
    QPointF snap(QPointF world) const;

    Q_INVOKABLE void undo() { m_document.undoStack()->undo(); }
    Q_INVOKABLE void redo() { m_document.undoStack()->redo(); }
    // Deletes the selection and says what went with it (edges, patrol stops, whole patrols).
    Q_INVOKABLE void deleteSelection();
    // Selects every waypoint, rail, obstacle, patrol and junction of the kinds that can be picked (edges
    // follow their waypoints; references, the backdrop, are selected from their own list).
    Q_INVOKABLE void selectAll();
    // Selects every object of one kind ("waypoint", "rail", ...).
    Q_INVOKABLE void selectKind(const QString &kind);
    // The level's name and units (one undo step); false when the units are empty.
    Q_INVOKABLE bool setLevelInfo(const QString &name, const QString &units);
    Q_INVOKABLE QString lastEditError() const { return m_lastEditError; }
    // Shows a message in the status bar for a few seconds.
    Q_INVOKABLE void showStatus(const QString &message);
    // A fresh key for one drag's edits, so that the drag is one undo step (shared by the plan, the
    // profile and the 3D view: two views never hand out the same key).
    int nextMergeKey() { return ++m_mergeKeys; }

    // Facts about one object, for tests: {"x":..,"y":..,"z":..} for waypoints, {"points": n,
    // "closed": b, ...} for rails, {"stops": [...], "mode": ...} for patrols. Empty when absent.
    Q_INVOKABLE QVariantMap objectInfo(const QString &key) const;
    // The level's junctions, for tests and the outliner: [{id, rail, end ("start", "end" or ""), s,
    // links: ["rail:start", ...], default}].
    Q_INVOKABLE QVariantList junctions() const;
    // The custom properties of an object, for tests: [{name, type, value}].
    Q_INVOKABLE QVariantList propertiesOf(const QString &key) const;
    // How many rail geometries the document has built so far, for tests: a drag step of one point
    // builds one, whichever views are open.
    Q_INVOKABLE int railGeometryBuilds() const { return int(m_document.railGeometryBuilds()); }

signals:
    void levelChanged();
    void toolChanged();
    void snapChanged();
    void undoStateChanged();
    void statusMessageChanged();
    void profileKeyChanged();

private:
    void dropStaleSelection();

    document::LevelDocument m_document;
    Selection m_selection;
    document::StrategyRegistry m_registry;
    std::unique_ptr<PatrolPreview> m_preview;
    FileSession *m_files = nullptr;
    RecoverySession *m_recovery = nullptr;
    ObjectInspector *m_inspector = nullptr;
    ChannelInspector *m_channels = nullptr;
    RailInspector *m_rail = nullptr;
    TrackInspector *m_track = nullptr;
    JunctionInspector *m_junction = nullptr;
    PipelineEditor *m_pipeline = nullptr;
    Clipboard *m_clipboard = nullptr;
    ImportExport *m_transfer = nullptr;
    MeshExport *m_meshes = nullptr;
    KindLayers *m_layers = nullptr;
    RailCursor *m_cursor = nullptr;
    ReferenceAccess *m_access = nullptr;
    GroundModel *m_ground = nullptr;
    GroundEditing *m_grounding = nullptr;
    ReferenceList *m_references = nullptr;
    ProblemList *m_problems = nullptr;
    NavMeshModel *m_navmesh = nullptr;
    AgentInspector *m_agent = nullptr;
    QString m_profileKey; // last announced, so profileKeyChanged means a change
    QString m_tool = QStringLiteral("select");
    int m_mergeKeys = 0;
    // Snapping is on from the start: designers expect tidy numbers (G turns it off).
    bool m_snapEnabled = true;
    double m_snapSize = 1.0;
    QString m_lastEditError;
    QString m_statusMessage;
    QTimer m_statusTimer;
};

} // namespace railforge::app
