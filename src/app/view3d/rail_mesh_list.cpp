#include "app/view3d/rail_mesh_list.h"

namespace railforge::app {

QVariant RailMeshList::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case GeometryRole: return QVariant::fromValue<QObject *>(row.geometry);
    case KeyRole: return row.key;
    case SelectedRole: return row.selected;
    case HoveredRole: return row.hovered;
    default: return {};
    }
}

QHash<int, QByteArray> RailMeshList::roleNames() const
{
    return {{GeometryRole, "mesh"}, {KeyRole, "key"}, {SelectedRole, "selected"}, {HoveredRole, "hovered"}};
}

void RailMeshList::setRows(std::vector<Row> rows)
{
    const bool same = rows.size() == m_rows.size() &&
                      std::equal(rows.begin(), rows.end(), m_rows.begin(),
                                 [](const Row &a, const Row &b) { return a.key == b.key && a.geometry == b.geometry; });
    if (same) return;
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void RailMeshList::setFlags(const std::set<QString> &selected, const QString &hovered)
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        const bool isSelected = selected.count(row.key) != 0, isHovered = row.key == hovered;
        if (isSelected == row.selected && isHovered == row.hovered) continue;
        row.selected = isSelected;
        row.hovered = isHovered;
        emit dataChanged(index(int(i)), index(int(i)), {SelectedRole, HoveredRole});
    }
}

} // namespace railforge::app
