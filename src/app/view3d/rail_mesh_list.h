// The rails of the 3D view for a QML Repeater3D: one row per rail with its ribbon geometry and
// whether it is selected or hovered. Rows are reset only when rails come, go or change order; a
// rail changed in place gets new buffers in its own geometry object and no row changes.
#pragma once

#include "app/view3d/mesh_geometry.h"

#include <QAbstractListModel>
#include <QString>

#include <set>
#include <vector>

namespace railforge::app {

class RailMeshList : public QAbstractListModel {
    Q_OBJECT
public:
    struct Row {
        QString key; // "rail:id"
        MeshGeometry *geometry = nullptr;
        bool selected = false;
        bool hovered = false;
    };
    enum Role { GeometryRole = Qt::UserRole + 1, KeyRole, SelectedRole, HoveredRole };

    using QAbstractListModel::QAbstractListModel;
    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    const std::vector<Row> &rows() const { return m_rows; }
    // Replaces the rows (a reset) when their keys or geometries differ from the current ones.
    void setRows(std::vector<Row> rows);
    // Marks the selected and hovered rows, announcing only the rows that changed.
    void setFlags(const std::set<QString> &selected, const QString &hovered);

private:
    std::vector<Row> m_rows;
};

} // namespace railforge::app
