#include "app/outliner/outliner_model.h"

#include "document/model/junction_network.h"

namespace railforge::app {

OutlinerModel::OutlinerModel(QObject *parent) : QAbstractListModel(parent) {}

void OutlinerModel::setDocument(document::LevelDocument *document)
{
    if (m_document == document) return;
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &document::LevelDocument::levelChanged, this, &OutlinerModel::onLevelChanged);
    rebuild();
    emit documentChanged();
}

void OutlinerModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    if (m_document) {
        const auto &level = m_document->level();
        using K = document::ObjectKind;
        for (K kind : kRowKinds)
            for (std::size_t i = 0; i < document::objectCount(level, kind); ++i) m_rows.append(rowFor({kind, i}));
    }
    endResetModel();
}

void OutlinerModel::onLevelChanged()
{
    const auto &change = m_document->lastChange();
    if (change.structural || change.replaced.size() > 64) return rebuild();
    // Objects changed in place: refresh their rows only (a drag on a big level).
    for (const auto &c : change.replaced) {
        const int row = rowOf(c.at);
        if (row < 0 || row >= m_rows.size()) return rebuild();
        m_rows[row] = rowFor(c.at);
        emit dataChanged(index(row), index(row));
    }
}

int OutlinerModel::rowOf(document::ObjectIndex at) const
{
    const auto &level = m_document->level();
    std::size_t offset = 0;
    for (document::ObjectKind kind : kRowKinds) {
        if (kind == at.kind) return int(offset + at.index);
        offset += document::objectCount(level, kind);
    }
    return -1;
}

OutlinerModel::Row OutlinerModel::rowFor(document::ObjectIndex at) const
{
    const auto &level = m_document->level();
    auto s = [](const std::string &text) { return QString::fromStdString(text); };
    switch (at.kind) {
    case document::ObjectKind::Waypoint: {
        const auto &w = level.waypoints[at.index];
        return {tr("Waypoints"), s(w.id),
                QStringLiteral("%1, %2").arg(w.position.x, 0, 'g', 6).arg(w.position.y, 0, 'g', 6),
                "waypoint:" + s(w.id)};
    }
    case document::ObjectKind::Edge: {
        const auto &e = level.edges[at.index];
        return {tr("Edges"),
                s(e.from) + (e.bidirectional ? QStringLiteral(" \u2194 ") : QStringLiteral(" \u2192 ")) + s(e.to),
                QString(), "edge:" + s(document::edgeId(e))};
    }
    case document::ObjectKind::Rail: {
        const auto &r = level.rails[at.index];
        return {tr("Rails"), s(r.id),
                tr("%n points", nullptr, int(r.points.size())) + (r.closed ? tr(", closed") : QString()),
                "rail:" + s(r.id)};
    }
    case document::ObjectKind::Obstacle: {
        const auto &o = level.obstacles[at.index];
        return {tr("Obstacles"), s(o.id), o.shape == document::Obstacle::Shape::Circle ? tr("circle") : tr("polygon"),
                "obstacle:" + s(o.id)};
    }
    case document::ObjectKind::Patrol: {
        const auto &p = level.patrols[at.index];
        return {tr("Patrols"), s(p.id), QString::fromLatin1(document::patrolModeName(p.mode)), "patrol:" + s(p.id)};
    }
    case document::ObjectKind::Junction: return junctionRow(level.junctions[at.index]);
    case document::ObjectKind::Reference: break; // the References section lists them
    }
    return {};
}

OutlinerModel::Row OutlinerModel::junctionRow(const document::Junction &j) const
{
    auto s = [](const std::string &text) { return QString::fromStdString(text); };
    // The ways and the default as riders take them (junction_network.h); only their names are shown.
    const auto wayRails = document::junctionWayRails(j);
    QStringList ways;
    for (std::size_t i = 0; i < wayRails.rails.size(); ++i)
        ways << (i == wayRails.chosen ? QStringLiteral("%1 ✓").arg(s(wayRails.rails[i])) : s(wayRails.rails[i]));
    const QString at = j.end
                           ? QStringLiteral("%1 %2").arg(s(j.rail), QString::fromLatin1(document::railEndName(*j.end)))
                           : QStringLiteral("%1 @ %2").arg(s(j.rail)).arg(j.s, 0, 'g', 6);
    return {tr("Junctions"),       s(j.id),   at,
            "junction:" + s(j.id), QString(), QStringLiteral("→ ") + ways.join(QStringLiteral(", "))};
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
    case TargetRole: return row.target.isEmpty() ? row.key : row.target;
    case WaysRole: return row.ways;
    default: return {};
    }
}

QHash<int, QByteArray> OutlinerModel::roleNames() const
{
    return {{KindRole, "kind"}, {ObjectIdRole, "objectId"}, {DetailRole, "detail"},
            {WaysRole, "ways"}, {KeyRole, "key"},           {TargetRole, "target"}};
}

} // namespace railforge::app
