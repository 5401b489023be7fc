// The editor's state and actions for QML: the document and its file, the selection, the active
// tool, snapping, undo/redo, clipboard, and the problems of a file that could not be opened.
#pragma once

#include "app/patrol_preview.h"
#include "app/selection.h"
#include "document/level_document.h"
#include "document/recovery_store.h"
#include "document/strategy_registry.h"

#include <QObject>
#include <QPointF>
#include <QStringList>
#include <QTimer>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class EditorController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::document::LevelDocument *document READ document CONSTANT)
    Q_PROPERTY(railforge::app::Selection *selection READ selection CONSTANT)
    Q_PROPERTY(QString filePath READ filePath NOTIFY filePathChanged)
    Q_PROPERTY(QString fileName READ fileName NOTIFY filePathChanged)
    Q_PROPERTY(QUrl folderUrl READ folderUrl NOTIFY filePathChanged)
    Q_PROPERTY(bool modified READ modified NOTIFY modifiedChanged)
    Q_PROPERTY(QString title READ title NOTIFY titleChanged)
    Q_PROPERTY(QString levelName READ levelName NOTIFY levelChanged)
    Q_PROPERTY(QString levelUnits READ levelUnits NOTIFY levelChanged)
    Q_PROPERTY(int waypointCount READ waypointCount NOTIFY levelChanged)
    Q_PROPERTY(int edgeCount READ edgeCount NOTIFY levelChanged)
    Q_PROPERTY(int obstacleCount READ obstacleCount NOTIFY levelChanged)
    Q_PROPERTY(int railCount READ railCount NOTIFY levelChanged)
    Q_PROPERTY(int patrolCount READ patrolCount NOTIFY levelChanged)
    Q_PROPERTY(QStringList lastProblems READ lastProblems NOTIFY lastProblemsChanged)
    Q_PROPERTY(Tool tool READ tool WRITE setTool NOTIFY toolChanged)
    Q_PROPERTY(bool snapEnabled READ snapEnabled WRITE setSnapEnabled NOTIFY snapChanged)
    Q_PROPERTY(double snapSize READ snapSize WRITE setSnapSize NOTIFY snapChanged)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    Q_PROPERTY(QStringList strategyIds READ strategyIds CONSTANT)
    Q_PROPERTY(int autosaveInterval READ autosaveInterval WRITE setAutosaveInterval NOTIFY autosaveIntervalChanged)
    Q_PROPERTY(QString recoveryFolder READ recoveryFolder CONSTANT)
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentFilesChanged)
public:
    // The canvas tools (UI.md): V W E R O P M.
    enum class Tool { Select, Waypoint, Connect, Rail, Obstacle, Patrol, Probe };
    Q_ENUM(Tool)

    explicit EditorController(QObject *parent = nullptr);

    document::LevelDocument *document() { return &m_document; }
    Selection *selection() { return &m_selection; }
    PatrolPreview *patrolPreview() { return m_preview.get(); }
    const document::StrategyRegistry &registry() const { return m_registry; }

    QString filePath() const { return m_document.filePath(); }
    QString fileName() const;
    QUrl folderUrl() const;
    bool modified() const { return m_document.isModified(); }
    // "name.yaml — RailForge", with "*" when modified (UI.md).
    QString title() const;
    QString levelName() const { return QString::fromStdString(m_document.level().info.name); }
    QString levelUnits() const { return QString::fromStdString(m_document.level().info.units); }
    int waypointCount() const { return int(m_document.level().waypoints.size()); }
    int edgeCount() const { return int(m_document.level().edges.size()); }
    int obstacleCount() const { return int(m_document.level().obstacles.size()); }
    int railCount() const { return int(m_document.level().rails.size()); }
    int patrolCount() const { return int(m_document.level().patrols.size()); }
    // The diagnostics of the last failed open, as FILE:LINE:COLUMN: message lines.
    QStringList lastProblems() const { return m_lastProblems; }
    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    bool snapEnabled() const { return m_snapEnabled; }
    void setSnapEnabled(bool enabled);
    double snapSize() const { return m_snapSize; }
    void setSnapSize(double size);
    bool canUndo() const { return m_document.undoStack()->canUndo(); }
    bool canRedo() const { return m_document.undoStack()->canRedo(); }
    QString undoText() const { return m_document.undoStack()->undoText(); }
    QString redoText() const { return m_document.undoStack()->redoText(); }
    QStringList strategyIds() const;

    // The world point on the grid when snapping is on.
    QPointF snap(QPointF world) const;

    Q_INVOKABLE void newLevel();
    // Opens a file path or file:// URL; on failure keeps the current level and emits openFailed.
    Q_INVOKABLE bool openFile(const QString &pathOrUrl);
    // Saves to the current file; false (and saveFailed) when it has none or the write fails.
    Q_INVOKABLE bool save();
    // Saves to a new path or URL, which becomes the current file.
    Q_INVOKABLE bool saveAs(const QString &pathOrUrl);

    Q_INVOKABLE void undo() { m_document.undoStack()->undo(); }
    Q_INVOKABLE void redo() { m_document.undoStack()->redo(); }
    Q_INVOKABLE void deleteSelection();
    Q_INVOKABLE void copySelection();
    Q_INVOKABLE void paste();
    Q_INVOKABLE void duplicateSelection();
    Q_INVOKABLE void selectAll();

    // Facts about one object for tests and the inspector: {"x":..,"y":..,"z":..} for waypoints,
    // {"points": n, "closed": b, ...} for rails, {"stops": [...], "mode": ...} for patrols. Empty when absent.
    Q_INVOKABLE QVariantMap objectInfo(const QString &key) const;

    // Inspector edits of one object (by "kind:id"); each is one undo step. False when refused.
    Q_INVOKABLE bool setPosition(const QString &key, double x, double y, double z);
    Q_INVOKABLE bool rename(const QString &key, const QString &newId);
    Q_INVOKABLE bool setRailShape(const QString &key, bool closed, const QString &spline, double alpha);
    Q_INVOKABLE bool setPatrolMode(const QString &key, const QString &mode);
    Q_INVOKABLE bool setEdgeDirection(const QString &key, bool bidirectional);
    // An edge's cost; empty text goes back to the default (its length).
    Q_INVOKABLE bool setEdgeCost(const QString &key, const QString &cost);
    // Moves one control point of a rail to exact coordinates.
    Q_INVOKABLE bool setRailPoint(const QString &key, int index, double x, double y, double z);
    // The level's name and units.
    Q_INVOKABLE bool setLevelInfo(const QString &name, const QString &units);
    // The smoothing pipeline of a patrol ("patrol:id") and its edits (pipeline_editing.h).
    Q_INVOKABLE QVariantList pipeline(const QString &patrolKey) const;
    Q_INVOKABLE QVariantList strategies() const;
    Q_INVOKABLE bool addStep(const QString &patrolKey, const QString &strategy);
    Q_INVOKABLE bool removeStep(const QString &patrolKey, int index);
    Q_INVOKABLE bool moveStep(const QString &patrolKey, int from, int to);
    Q_INVOKABLE bool setStepEnabled(const QString &patrolKey, int index, bool enabled);
    // mergeKey != 0 merges a slider drag into one undo step.
    Q_INVOKABLE bool setStepParameter(const QString &patrolKey, int index, const QString &name, const QVariant &value,
                                      int mergeKey = 0);
    // The patrol's route problem (unreachable stop, failing step), or "".
    Q_INVOKABLE QString routeError(const QString &patrolKey) const;
    // The patrol's smoothed path as of the last finished preview computation: [[x, y, z], ...].
    Q_INVOKABLE QVariantList routePoints(const QString &patrolKey) const;

    // Autosave: every autosaveInterval ms (default one minute) a modified level is copied to the
    // recovery folder; saving or discarding the changes removes the copy.
    int autosaveInterval() const { return m_autosave.interval(); }
    void setAutosaveInterval(int milliseconds);
    QString recoveryFolder() const { return m_recovery.folder(); }
    // Writes the recovery copy now (the timer does this); true when written or nothing to write.
    Q_INVOKABLE bool autosaveNow();
    // Recovery copies left by an editor that ended without saving: [{recovery, original, written}].
    Q_INVOKABLE QVariantList recoveryCandidates() const;
    // Opens the copy's original file (if it exists) and applies the recovered level as one undoable
    // step, so the document shows as modified until saved.
    Q_INVOKABLE bool restoreRecovery(const QString &recoveryPath);
    // Forgets the current document's recovery copy (the designer discarded the changes).
    Q_INVOKABLE void discardRecovery();
    Q_INVOKABLE void discardRecoveryFile(const QString &recoveryPath);
    // Reloads the file from disk, dropping unsaved changes (File > Revert).
    Q_INVOKABLE bool revert();

    // Custom properties of an object: [{name, type, value}] (type: string, int, float, bool, color).
    Q_INVOKABLE QVariantList properties(const QString &key) const;
    // Adds or changes a property from text in the given type; false (lastEditError) when the text
    // does not fit the type or the name is empty.
    Q_INVOKABLE bool setProperty(const QString &key, const QString &name, const QString &type, const QString &value);
    Q_INVOKABLE bool removeProperty(const QString &key, const QString &name);

    // Writes the engine export (atomically) with samples every `spacing`; false and saveFailed on error.
    Q_INVOKABLE bool exportTo(const QString &pathOrUrl, double spacing);
    // Imports a CSV path as a new rail, or as a patrol over new waypoints (one per point); when
    // `strategy` is not empty the points first go through that strategy with its defaults.
    // Returns the new object's key, or "" (and openFailed with the located problems).
    Q_INVOKABLE QString importCsv(const QString &pathOrUrl, bool asPatrol, const QString &strategy);
    // Files opened or saved lately, newest first (kept in QSettings).
    QStringList recentFiles() const;

    // The reason the last inspector edit was refused.
    Q_INVOKABLE QString lastEditError() const { return m_lastEditError; }

signals:
    void filePathChanged();
    void modifiedChanged();
    void titleChanged();
    void levelChanged();
    void lastProblemsChanged();
    void toolChanged();
    void snapChanged();
    void undoStateChanged();
    // New patrol paths are ready (after an edit, computed off the UI thread).
    void routesChanged();
    void autosaveIntervalChanged();
    void recentFilesChanged();
    // The file could not be opened; `problems` lists every reason, located.
    void openFailed(const QString &file, const QStringList &problems);
    void saveFailed(const QString &message);

private:
    static QString toLocalPath(const QString &pathOrUrl);
    // The patrol's route of the last finished preview computation, or null.
    const document::PatrolRoute *routeOf(const QString &patrolKey) const;
    void dropStaleSelection();
    void rememberRecent(const QString &path);

    document::LevelDocument m_document;
    Selection m_selection;
    document::StrategyRegistry m_registry;
    std::unique_ptr<PatrolPreview> m_preview;
    QStringList m_lastProblems;
    Tool m_tool = Tool::Select;
    bool m_snapEnabled = false;
    double m_snapSize = 1.0;
    document::Level m_clipboard;
    int m_pasteCount = 0;
    QString m_lastEditError;
    document::RecoveryStore m_recovery;
    QTimer m_autosave;
    QString m_recoveryOf; // the original path the current recovery copy was written for
};

} // namespace railforge::app
