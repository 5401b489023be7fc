// Inspector, who walks (docs/ui.md "Patrols on the level"): the selected agent's sizes (radius,
// height, climb, slope and its navmesh's cell), and the selected patrol's agent and what its legs
// follow (the graph, or the agent's navmesh). Each edit one undo step, refused with the rule's reason
// (checks/edit_rules.h); the id and custom properties are ObjectInspector's, as for every kind.
#pragma once

#include "app/inspector/inspector_base.h"

#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class AgentInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The editor owns it")
    // Exactly one agent is selected, and its sizes.
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(double radius READ radius NOTIFY changed)
    Q_PROPERTY(double height READ height NOTIFY changed)
    Q_PROPERTY(double climb READ climb NOTIFY changed)
    Q_PROPERTY(double slope READ slope NOTIFY changed)
    // Its navmesh's cell, "" when it takes the default (a third of the radius, defaultCell).
    Q_PROPERTY(QString cell READ cell NOTIFY changed)
    Q_PROPERTY(double defaultCell READ defaultCell NOTIFY changed)
    // Exactly one patrol is selected: its agent ("" none), what it follows ("graph", "navmesh"), and the
    // agents it may name.
    Q_PROPERTY(bool patrolActive READ patrolActive NOTIFY changed)
    Q_PROPERTY(QString patrolAgent READ patrolAgent NOTIFY changed)
    Q_PROPERTY(QString patrolFollow READ patrolFollow NOTIFY changed)
    Q_PROPERTY(QStringList agents READ agents NOTIFY changed)
public:
    AgentInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    bool active() const { return m_agent.has_value(); }
    double radius() const { return m_agent ? m_agent->radius : 0.0; }
    double height() const { return m_agent ? m_agent->height : 0.0; }
    double climb() const { return m_agent ? m_agent->climb : 0.0; }
    double slope() const { return m_agent ? m_agent->slope : 0.0; }
    QString cell() const;
    double defaultCell() const { return m_agent ? m_agent->radius / 3.0 : 0.0; }
    bool patrolActive() const { return m_patrol.has_value(); }
    QString patrolAgent() const { return m_patrol ? QString::fromStdString(m_patrol->agent) : QString(); }
    QString patrolFollow() const;
    QStringList agents() const;

    // Each sets one size of the selected agent (one undo step); false, with lastError, when refused.
    Q_INVOKABLE bool setRadius(double value);
    Q_INVOKABLE bool setHeight(double value);
    Q_INVOKABLE bool setClimb(double value);
    Q_INVOKABLE bool setSlope(double value);
    // "" (or blank): the default cell; else a number above 0.
    Q_INVOKABLE bool setCell(const QString &text);
    // The selected patrol's agent ("": none, and its legs then follow the graph) and what they follow.
    Q_INVOKABLE bool setPatrolAgent(const QString &agent);
    Q_INVOKABLE bool setPatrolFollow(const QString &follow);
    // Adds an agent of the usual sizes (a guard: radius 0.4, height 1.8, climb 0.4, slope 45) and
    // selects it; its id, or "".
    Q_INVOKABLE QString addAgent();

signals:
    void changed();

private:
    void refresh() override;
    bool editAgent(const std::function<void(document::Agent &)> &edit, const QString &text);
    bool editPatrol(const std::function<void(document::Patrol &)> &edit, const QString &text);

    std::optional<document::Agent> m_agent; // copies: the inspector outlives edits
    std::optional<document::Patrol> m_patrol;
};

} // namespace railforge::app
