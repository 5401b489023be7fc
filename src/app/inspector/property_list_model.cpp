#include "app/inspector/property_list_model.h"

#include "document/model/property_text.h"

namespace railforge::app {

void PropertyListModel::setProperties(const document::Properties &properties, const std::set<std::string> &mixed)
{
    std::vector<Row> rows;
    rows.reserve(properties.size());
    for (const auto &p : properties) {
        const bool isMixed = mixed.count(p.name) != 0;
        rows.push_back({QString::fromStdString(p.name), QString::fromLatin1(document::propertyTypeName(p.value)),
                        isMixed ? QString() : QString::fromStdString(document::propertyText(p.value)), isMixed});
    }
    const bool sameShape = rows.size() == m_rows.size() &&
                           std::equal(rows.begin(), rows.end(), m_rows.begin(),
                                      [](const Row &a, const Row &b) { return a.name == b.name && a.type == b.type; });
    if (!sameShape) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        emit countChanged();
        return;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].value == m_rows[i].value && rows[i].mixed == m_rows[i].mixed) continue;
        m_rows[i].value = rows[i].value;
        m_rows[i].mixed = rows[i].mixed;
        emit dataChanged(index(int(i)), index(int(i)), {ValueRole, MixedRole});
    }
}

int PropertyListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

QVariant PropertyListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_rows.size()) return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case NameRole: return row.name;
    case TypeRole: return row.type;
    case ValueRole: return row.value;
    case MixedRole: return row.mixed;
    default: return {};
    }
}

QHash<int, QByteArray> PropertyListModel::roleNames() const
{
    return {{NameRole, "name"}, {TypeRole, "type"}, {ValueRole, "value"}, {MixedRole, "mixed"}};
}

} // namespace railforge::app
