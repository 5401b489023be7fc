// The Problems panel's list: every rule the level breaks (document/checks/level_rules.h), everything
// `railforge-cli validate` would add (level_report.h: pipelines, routes, references, ground) and what
// the loader said of the file's text, for the level as it is now. Rebuilt kRefreshMs after the last
// edit (a drag recomputes once, when it stops), errors first, then warnings, each in the level's
// order. A row selects its object; `marks` are the spots the plan draws.
#pragma once

#include "app/ground/ground_model.h"
#include "app/pipeline/patrol_preview.h"
#include "document/checks/level_problem.h"
#include "document/editing/level_document.h"
#include "document/report/level_report_cache.h"
#include "document/strategy/strategy_registry.h"

#include <QAbstractListModel>
#include <QTimer>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ProblemList : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the editor's problems belong to its EditorController")
    Q_PROPERTY(int count READ count NOTIFY problemsChanged)
    Q_PROPERTY(int errorCount READ errorCount NOTIFY problemsChanged)
    Q_PROPERTY(int warningCount READ warningCount NOTIFY problemsChanged)
    // [{x, y, error}] for every problem with a spot on the level.
    Q_PROPERTY(QVariantList marks READ marks NOTIFY problemsChanged)
public:
    enum Role { SeverityRole = Qt::UserRole + 1, MessageRole, SubjectRole, TargetRole, PointRole, PlaceRole, SpotRole };
    Q_ENUM(Role)

    // How long after the last edit the list is rebuilt (ms).
    static constexpr int kRefreshMs = 40;
    // How long one refresh may spend checking rails against the ground before it leaves the rest to
    // the next one (ms).
    static constexpr int kCheckBudgetMs = 50;

    // Patrol paths come from `preview` (routed off the UI thread, strategies isolated).
    ProblemList(document::LevelDocument &document, GroundModel &ground, const document::StrategyRegistry &registry,
                PatrolPreview &preview, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    int count() const { return int(m_rows.size()); }
    int errorCount() const { return m_errors; }
    int warningCount() const { return count() - m_errors; }
    QVariantList marks() const;
    // Row `row` as a map of its roles (tests, and the panel's click).
    Q_INVOKABLE QVariantMap at(int row) const;
    // "error: message" / "warning: message" for every row (tests compare them with `validate`).
    Q_INVOKABLE QStringList texts() const;
    // Rebuilds now, checking everything, instead of after the refresh delay (tests, benchmarks).
    Q_INVOKABLE void refreshNow();
    // Waits until every patrol's route is ready, so the next rebuild has each path's warnings (tests).
    Q_INVOKABLE void waitForRoutes();
    // The agents' navigation meshes the walkability checks read (null: none yet).
    void setNavigation(std::shared_ptr<const document::LevelNavigation> navigation);

signals:
    void problemsChanged();

private:
    struct Row {
        bool error = false;
        QString message;
        QString subject;
        QString target; // selection key, "" when none
        int point = -1; // the rail point it is about, else -1
        QString place;  // "line 4, column 3" for the file's own notes
        std::optional<core::Vec3> spot;
    };
    void schedule();
    // Rebuilds the list; within the check budget, or checking everything.
    void refresh(bool withinBudget);

    document::LevelDocument &m_document;
    GroundModel &m_ground;
    // Kept while the cache keeps answers for it: a new one is never at the old one's address.
    std::shared_ptr<const document::LevelNavigation> m_navigation;
    const document::StrategyRegistry &m_registry;
    PatrolPreview &m_preview;
    QTimer m_timer;
    document::LevelReportCache m_cache;
    std::vector<Row> m_rows;
    int m_errors = 0;
};

} // namespace railforge::app
