#include "app/inspector/agent_inspector.h"

#include "document/editing/level_editing.h"

namespace railforge::app {

AgentInspector::AgentInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent)
{
    follow();
}

void AgentInspector::refresh()
{
    m_agent.reset();
    m_patrol.reset();
    if (m_selection.count() == 1) {
        const document::ObjectId &id = *m_selection.objects().begin();
        const auto &level = m_document.level();
        if (const auto at = document::findObject(level, id)) {
            if (id.kind == document::ObjectKind::Agent) m_agent = level.agents[at->index];
            if (id.kind == document::ObjectKind::Patrol) m_patrol = level.patrols[at->index];
        }
    }
    emit changed();
}

QString AgentInspector::cell() const
{
    return m_agent && m_agent->cell ? QString::number(*m_agent->cell, 'g', 10) : QString();
}

QString AgentInspector::patrolFollow() const
{
    return m_patrol ? QString::fromLatin1(document::patrolFollowName(m_patrol->follow)) : QString();
}

QStringList AgentInspector::agents() const
{
    QStringList out;
    for (const document::Agent &a : m_document.level().agents) out << QString::fromStdString(a.id);
    return out;
}

bool AgentInspector::editAgent(const std::function<void(document::Agent &)> &edit, const QString &text)
{
    if (!m_agent) return refuse("no agent is selected");
    const auto at = document::findObject(m_document.level(), {document::ObjectKind::Agent, m_agent->id});
    if (!at) return refuse("no agent is selected");
    document::Agent edited = *m_agent;
    edit(edited);
    if (std::string why = document::changeObject(m_document, *at, edited, text); !why.empty()) return refuse(why);
    return accept();
}

bool AgentInspector::editPatrol(const std::function<void(document::Patrol &)> &edit, const QString &text)
{
    if (!m_patrol) return refuse("no patrol is selected");
    const auto at = document::findObject(m_document.level(), {document::ObjectKind::Patrol, m_patrol->id});
    if (!at) return refuse("no patrol is selected");
    document::Patrol edited = *m_patrol;
    edit(edited);
    if (std::string why = document::changeObject(m_document, *at, edited, text); !why.empty()) return refuse(why);
    return accept();
}

bool AgentInspector::setRadius(double value)
{
    return editAgent([&](document::Agent &a) { a.radius = value; }, tr("Agent radius"));
}

bool AgentInspector::setHeight(double value)
{
    return editAgent([&](document::Agent &a) { a.height = value; }, tr("Agent height"));
}

bool AgentInspector::setClimb(double value)
{
    return editAgent([&](document::Agent &a) { a.climb = value; }, tr("Agent climb"));
}

bool AgentInspector::setSlope(double value)
{
    return editAgent([&](document::Agent &a) { a.slope = value; }, tr("Agent slope"));
}

bool AgentInspector::setCell(const QString &text)
{
    std::optional<double> cell;
    if (!text.trimmed().isEmpty()) {
        bool ok = false;
        cell = text.trimmed().toDouble(&ok);
        if (!ok) return refuse("a navmesh cell is a number (empty: a third of the radius)");
    }
    return editAgent([&](document::Agent &a) { a.cell = cell; }, tr("Agent navmesh cell"));
}

bool AgentInspector::setPatrolAgent(const QString &agent)
{
    return editPatrol(
        [&](document::Patrol &p) {
            p.agent = agent.toStdString();
            if (p.agent.empty()) p.follow = document::PatrolFollow::Graph; // the navmesh is an agent's
        },
        agent.isEmpty() ? tr("Patrol walked by no agent") : tr("Patrol walked by %1").arg(agent));
}

bool AgentInspector::setPatrolFollow(const QString &follow)
{
    const auto parsed = document::patrolFollowFromName(follow.toStdString());
    if (!parsed) return refuse("a patrol follows the graph or the navmesh");
    return editPatrol([&](document::Patrol &p) { p.follow = *parsed; }, *parsed == document::PatrolFollow::NavMesh
                                                                            ? tr("Patrol follows the navmesh")
                                                                            : tr("Patrol follows the graph"));
}

QString AgentInspector::addAgent()
{
    document::Agent agent;
    agent.id = "guard";
    const std::string id = document::addAgent(m_document, agent, tr("Add agent"));
    if (id.empty()) return {};
    m_selection.set({{document::ObjectKind::Agent, id}});
    return QString::fromStdString(id);
}

} // namespace railforge::app
