#include "app/inspector/junction_inspector.h"

#include "document/editing/level_editing.h"
#include "document/model/junction_network.h"

namespace railforge::app {

JunctionInspector::JunctionInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent)
{
    follow();
}

void JunctionInspector::refresh()
{
    m_junction.reset();
    m_ways.clear();
    m_default = -1;
    if (m_selection.count() == 1 && m_selection.objects().begin()->kind == document::ObjectKind::Junction) {
        const auto &level = m_document.level();
        if (const auto at = document::findObject(level, *m_selection.objects().begin())) {
            m_junction = level.junctions[at->index];
            const auto ways = document::junctionWayRails(*m_junction);
            for (const auto &rail : ways.rails) m_ways << QString::fromStdString(rail);
            m_default = int(ways.chosen);
        }
    }
    emit changed();
}

QString JunctionInspector::rail() const { return m_junction ? QString::fromStdString(m_junction->rail) : QString(); }

QString JunctionInspector::end() const
{
    return m_junction && m_junction->end ? QString::fromLatin1(document::railEndName(*m_junction->end)) : QString();
}

bool JunctionInspector::setDefaultWay(int index)
{
    if (!m_junction || index < 0 || index >= m_ways.size()) return false;
    const auto at = document::findObject(m_document.level(), {document::ObjectKind::Junction, m_junction->id});
    if (!at) return false;
    document::Junction edited = *m_junction;
    edited.defaultWay = m_ways[index].toStdString();
    document::changeObject(m_document, *at, edited,
                           tr("Junction %1 defaults to %2").arg(QString::fromStdString(edited.id), m_ways[index]));
    return true;
}

} // namespace railforge::app
