#include "app/inspector/inspector_base.h"

#include <algorithm>

namespace railforge::app {

InspectorBase::InspectorBase(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection)
{}

void InspectorBase::follow()
{
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        if (concerns(change)) refresh();
    });
    connect(&m_selection, &Selection::changed, this, [this] {
        // A refusal was about what was selected then.
        accept();
        refresh();
    });
    refresh();
}

bool InspectorBase::concerns(const document::LevelDocument::ChangeSet &change) const
{
    // Objects came or went (the inspector's pointers into the level's lists may move), another
    // level, or the level's own fields: read again whatever it shows.
    if (change.structural() || change.info) return true;
    // In place: only a change of the kind of what is selected can change what it shows.
    return std::any_of(change.objects.begin(), change.objects.end(), [&](const auto &c) {
        return std::any_of(m_selection.objects().begin(), m_selection.objects().end(),
                           [&](const document::ObjectId &id) { return id.kind == c.at.kind; });
    });
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
