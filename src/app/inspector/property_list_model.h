// The custom properties of the inspected object (or those every selected object has) as rows (name,
// type, value). Rows are updated in
// place when only values change, so a field being edited in one row is never rebuilt under the
// designer's cursor.
#pragma once

#include "document/model/property.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <set>
#include <string>

namespace railforge::app {

class PropertyListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by ObjectInspector")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
public:
    enum Role { NameRole = Qt::UserRole + 1, TypeRole, ValueRole, MixedRole };

    using QAbstractListModel::QAbstractListModel;

    int count() const { return int(m_rows.size()); }
    // The rows; a name in `mixed` is one that several selected objects hold with different values
    // (its value shows empty, "mixed").
    void setProperties(const document::Properties &properties, const std::set<std::string> &mixed = {});

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void countChanged();

private:
    struct Row {
        QString name, type, value;
        bool mixed = false;
    };
    std::vector<Row> m_rows;
};

} // namespace railforge::app
