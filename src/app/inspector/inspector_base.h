// What every inspector shares: it reads the document and the selection, shows them again whenever
// the selection or what it shows changes, and says why its last edit was refused (lastError) until
// an edit is taken or another object is selected.
#pragma once

#include "app/selection/selection.h"
#include "document/editing/level_document.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

#include <string>

namespace railforge::app {

class InspectorBase : public QObject {
    Q_OBJECT
    QML_ANONYMOUS
    // Why the last edit was refused ("" after a successful one).
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
public:
    QString lastError() const { return m_lastError; }

signals:
    void lastErrorChanged();

protected:
    InspectorBase(document::LevelDocument &document, Selection &selection, QObject *parent);
    // Reads the document and the selection again (and says so with the inspector's own signal).
    virtual void refresh() = 0;
    // Calls refresh() now, after every change of the selection, and after each change of the
    // document that concerns() it (a derived inspector calls it at the end of its constructor, once
    // refresh() can run).
    void follow();
    // True when `change` may change what the inspector shows: objects inserted or removed, another
    // level, the level's info, or an object of a selected object's kind changed in place (a
    // default-way click leaves a selected rail's inspector as it is).
    bool concerns(const document::LevelDocument::ChangeSet &change) const;
    // Says why an edit was refused; false, for `return refuse(...)`.
    bool refuse(const std::string &why);
    // An edit was taken: the last refusal no longer stands. True, for `return accept()`.
    bool accept();

    document::LevelDocument &m_document;
    Selection &m_selection;

private:
    QString m_lastError;
};

} // namespace railforge::app
