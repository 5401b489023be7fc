#include "app/inspector/inspector_base.h"

namespace railforge::app {

InspectorBase::InspectorBase(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection)
{}

void InspectorBase::follow()
{
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this] { refresh(); });
    connect(&m_selection, &Selection::changed, this, [this] {
        // A refusal was about what was selected then.
        accept();
        refresh();
    });
    refresh();
}

bool InspectorBase::refuse(const std::string &why)
{
    m_lastError = QString::fromStdString(why);
    emit lastErrorChanged();
    return false;
}

bool InspectorBase::accept()
{
    if (!m_lastError.isEmpty()) {
        m_lastError.clear();
        emit lastErrorChanged();
    }
    return true;
}

} // namespace railforge::app
