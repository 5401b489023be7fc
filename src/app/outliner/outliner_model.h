// Every object of the level as one list (kind, id, detail) for the Outliner dock; the junctions
// last, each with its rail, its ways and its default. References have a section of their own
// (ReferenceList).
#pragma once

#include "document/editing/level_document.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <array>

namespace railforge::app {

class OutlinerModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::document::LevelDocument *document READ document WRITE setDocument NOTIFY documentChanged)
public:
    enum Role { KindRole = Qt::UserRole + 1, ObjectIdRole, DetailRole, KeyRole, TargetRole, WaysRole };
    Q_ENUM(Role)

    explicit OutlinerModel(QObject *parent = nullptr);

    document::LevelDocument *document() const { return m_document; }
    void setDocument(document::LevelDocument *document);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void documentChanged();

private:
    struct Row {
        QString kind;
        QString id;
        QString detail;
        QString key;         // "kind:id"
        QString target = {}; // what a click selects, when not the object itself
        QString ways = {};   // a junction's ways out, the default ticked (its own line in the row)
        friend bool operator==(const Row &, const Row &) = default;
    };
    void rebuild();
    // Follows the document's change step by step: an insert is one inserted row, a removal one
    // removed row, an object changed in place one changed row.
    void onLevelChanged(const document::LevelDocument::ChangeSet &change);
    // Whether the outliner lists objects of a kind.
    static bool listed(document::ObjectKind kind);
    Row rowFor(document::ObjectIndex at) const;
    Row junctionRow(const document::Junction &junction) const;
    // The kinds listed, in this order, each in document order.
    static constexpr document::ObjectKind kRowKinds[] = {document::ObjectKind::Waypoint, document::ObjectKind::Edge,
                                                         document::ObjectKind::Rail,     document::ObjectKind::Obstacle,
                                                         document::ObjectKind::Patrol,   document::ObjectKind::Junction,
                                                         document::ObjectKind::Agent};
    // The row of an object, by the rows the model holds now (m_counts).
    int rowOf(document::ObjectIndex at) const;
    QPointer<document::LevelDocument> m_document;
    QList<Row> m_rows;
    std::array<std::size_t, document::kObjectKindCount> m_counts{}; // rows per kind
};

} // namespace railforge::app
