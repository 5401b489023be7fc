#include "app/outliner/outliner_model.h"

#include "document/model/junction_network.h"

#include <algorithm>
#include <iterator>

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
    m_counts.fill(0);
    if (m_document) {
        const auto &level = m_document->level();
        for (document::ObjectKind kind : kRowKinds) {
            m_counts[std::size_t(kind)] = document::objectCount(level, kind);
            for (std::size_t i = 0; i < m_counts[std::size_t(kind)]; ++i) m_rows.append(rowFor({kind, i}));
        }
    }
    endResetModel();
}

bool OutlinerModel::listed(document::ObjectKind kind)
{
    return std::find(std::begin(kRowKinds), std::end(kRowKinds), kind) != std::end(kRowKinds);
}

void OutlinerModel::onLevelChanged(const document::LevelDocument::ChangeSet &change)
{
    using Type = document::LevelDocument::Edit::Type;
    if (change.wholeLevel || change.objects.size() > 64) return rebuild();
    if (!change.structural()) {
        // Objects changed in place (a drag on a big level): their rows only.
        for (const auto &c : change.objects) {
            if (!listed(c.at.kind)) continue;
            const int row = rowOf(c.at);
            if (row < 0 || row >= m_rows.size()) return rebuild();
            m_rows[row] = rowFor(c.at);
            emit dataChanged(index(row), index(row));
        }
        return;
    }
    // Rows go in and out step by step, as the objects did (a view keeps its place and selection);
    // what the new rows and the changed ones say is read once all steps ran, since a later step's
    // index counts the earlier ones.
    std::array<bool, document::kObjectKindCount> touched{};
    for (const auto &c : change.objects) {
        if (!listed(c.at.kind)) continue;
        touched[std::size_t(c.at.kind)] = true;
        std::size_t &count = m_counts[std::size_t(c.at.kind)];
        const int row = rowOf(c.at);
        switch (c.type) {
        case Type::Insert:
            if (c.at.index > count) return rebuild();
            beginInsertRows({}, row, row);
            m_rows.insert(row, Row{});
            ++count;
            endInsertRows();
            break;
        case Type::Remove:
            if (c.at.index >= count) return rebuild();
            beginRemoveRows({}, row, row);
            m_rows.removeAt(row);
            --count;
            endRemoveRows();
            break;
        case Type::Replace: break;
        }
    }
    const auto &level = m_document->level();
    for (document::ObjectKind kind : kRowKinds) {
        if (!touched[std::size_t(kind)]) continue;
        if (m_counts[std::size_t(kind)] != document::objectCount(level, kind)) return rebuild();
        for (std::size_t i = 0; i < m_counts[std::size_t(kind)]; ++i) {
            Row now = rowFor({kind, i});
            const int row = rowOf({kind, i});
            if (now == m_rows[row]) continue;
            m_rows[row] = std::move(now);
            emit dataChanged(index(row), index(row));
        }
    }
}

int OutlinerModel::rowOf(document::ObjectIndex at) const
{
    std::size_t offset = 0;
    for (document::ObjectKind kind : kRowKinds) {
        if (kind == at.kind) return int(offset + at.index);
        offset += m_counts[std::size_t(kind)];
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
    case document::ObjectKind::Agent: {
        const auto &a = level.agents[at.index];
        return {tr("Agents"), s(a.id), tr("radius %1, height %2").arg(a.radius, 0, 'g', 4).arg(a.height, 0, 'g', 4),
                "agent:" + s(a.id)};
    }
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
