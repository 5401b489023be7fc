#include "app/outliner_model.h"

namespace railforge::app {

OutlinerModel::OutlinerModel(QObject *parent) : QAbstractListModel(parent) {}

void OutlinerModel::setDocument(document::LevelDocument *document)
{
    if (m_document == document) return;
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &document::LevelDocument::levelChanged, this, &OutlinerModel::rebuild);
    rebuild();
    emit documentChanged();
}

void OutlinerModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    if (m_document) {
        const auto &level = m_document->level();
        auto s = [](const std::string &text) { return QString::fromStdString(text); };
        for (const auto &w : level.waypoints)
            m_rows.append({tr("Waypoints"), s(w.id),
                           QStringLiteral("%1, %2").arg(w.position.x, 0, 'g', 6).arg(w.position.y, 0, 'g', 6),
                           "waypoint:" + s(w.id)});
        for (const auto &e : level.edges)
            m_rows.append({tr("Edges"), s(e.from) + (e.bidirectional ? QStringLiteral(" \u2194 ") : QStringLiteral(" \u2192 ")) + s(e.to),
                           QString(), "edge:" + s(document::edgeId(e))});
        for (const auto &r : level.rails)
            m_rows.append({tr("Rails"), s(r.id),
                           tr("%n points", nullptr, int(r.points.size())) + (r.closed ? tr(", closed") : QString()),
                           "rail:" + s(r.id)});
        for (const auto &o : level.obstacles)
            m_rows.append({tr("Obstacles"), s(o.id),
                           o.shape == document::Obstacle::Shape::Circle ? tr("circle") : tr("polygon"), "obstacle:" + s(o.id)});
        for (const auto &p : level.patrols)
            m_rows.append({tr("Patrols"), s(p.id), QString::fromLatin1(document::patrolModeName(p.mode)), "patrol:" + s(p.id)});
    }
    endResetModel();
}

int OutlinerModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

QVariant OutlinerModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size()) return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case KindRole: return row.kind;
    case Qt::DisplayRole:
    case ObjectIdRole: return row.id;
    case DetailRole: return row.detail;
    case KeyRole: return row.key;
    default: return {};
    }
}

QHash<int, QByteArray> OutlinerModel::roleNames() const
{
    return {{KindRole, "kind"}, {ObjectIdRole, "objectId"}, {DetailRole, "detail"}, {KeyRole, "key"}};
}

} // namespace railforge::app
