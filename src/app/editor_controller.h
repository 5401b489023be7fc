// The editor's file-level actions for QML: new, open, save, save as; the window title;
// the problems of a file that could not be opened.
#pragma once

#include "document/level_document.h"

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class EditorController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::document::LevelDocument *document READ document CONSTANT)
    Q_PROPERTY(QString filePath READ filePath NOTIFY filePathChanged)
    Q_PROPERTY(QString fileName READ fileName NOTIFY filePathChanged)
    Q_PROPERTY(QUrl folderUrl READ folderUrl NOTIFY filePathChanged)
    Q_PROPERTY(bool modified READ modified NOTIFY modifiedChanged)
    Q_PROPERTY(QString title READ title NOTIFY titleChanged)
    Q_PROPERTY(QString levelName READ levelName NOTIFY levelChanged)
    Q_PROPERTY(int waypointCount READ waypointCount NOTIFY levelChanged)
    Q_PROPERTY(int edgeCount READ edgeCount NOTIFY levelChanged)
    Q_PROPERTY(int obstacleCount READ obstacleCount NOTIFY levelChanged)
    Q_PROPERTY(int railCount READ railCount NOTIFY levelChanged)
    Q_PROPERTY(int patrolCount READ patrolCount NOTIFY levelChanged)
    Q_PROPERTY(QStringList lastProblems READ lastProblems NOTIFY lastProblemsChanged)
public:
    explicit EditorController(QObject *parent = nullptr);

    document::LevelDocument *document() { return &m_document; }
    QString filePath() const { return m_document.filePath(); }
    QString fileName() const;
    QUrl folderUrl() const;
    bool modified() const { return m_document.isModified(); }
    // "name.yaml — RailForge", with "*" when modified (UI.md).
    QString title() const;
    QString levelName() const { return QString::fromStdString(m_document.level().info.name); }
    int waypointCount() const { return int(m_document.level().waypoints.size()); }
    int edgeCount() const { return int(m_document.level().edges.size()); }
    int obstacleCount() const { return int(m_document.level().obstacles.size()); }
    int railCount() const { return int(m_document.level().rails.size()); }
    int patrolCount() const { return int(m_document.level().patrols.size()); }
    // The diagnostics of the last failed open, as FILE:LINE:COLUMN: message lines.
    QStringList lastProblems() const { return m_lastProblems; }

    // Starts an empty level.
    Q_INVOKABLE void newLevel();
    // Opens a file path or file:// URL; on failure keeps the current level and emits openFailed.
    Q_INVOKABLE bool openFile(const QString &pathOrUrl);
    // Saves to the current file; false (and saveFailed) when it has none or the write fails.
    Q_INVOKABLE bool save();
    // Saves to a new path or URL, which becomes the current file.
    Q_INVOKABLE bool saveAs(const QString &pathOrUrl);

signals:
    void filePathChanged();
    void modifiedChanged();
    void titleChanged();
    void levelChanged();
    void lastProblemsChanged();
    // The file could not be opened; `problems` lists every reason, located.
    void openFailed(const QString &file, const QStringList &problems);
    void saveFailed(const QString &message);

private:
    static QString toLocalPath(const QString &pathOrUrl);
    document::LevelDocument m_document;
    QStringList m_lastProblems;
};

} // namespace railforge::app
