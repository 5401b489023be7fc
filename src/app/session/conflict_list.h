// The Conflicts panel's model: the objects a conflicted level file (a merge left unresolved) holds in
// two versions, each taken from ours or theirs by the designer; and both versions' shapes for the plan
// to draw in two colours (docs/ui.md "Conflicts").
#pragma once

#include "document/editing/level_document.h"
#include "document/merge/conflict_resolution.h"

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ConflictList : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by FileSession")
    Q_PROPERTY(int count READ count NOTIFY changed)
    // [{kind, id, summary, line}], in the file's order.
    Q_PROPERTY(QVariantList items READ items NOTIFY changed)
    // [{side: "ours" | "theirs", points: [QPointF...] in world units, closed}] of every open conflict.
    Q_PROPERTY(QVariantList shapes READ shapes NOTIFY changed)
public:
    explicit ConflictList(document::LevelDocument &document, QObject *parent = nullptr);

    int count() const { return int(m_conflicts.size()); }
    QVariantList items() const;
    QVariantList shapes() const;

    // The conflicts of a file just opened as its ours side; `theirs` is the other side.
    void open(std::vector<document::OpenConflict> conflicts, document::Level theirs);
    // No conflicts (another level opened).
    void clear();

    // Keeps the level's version of conflict `row` (ours, or what the designer made of it).
    Q_INVOKABLE void takeOurs(int row);
    // Puts theirs' version of conflict `row` in the level (one undo step).
    Q_INVOKABLE void takeTheirs(int row);
    // Every conflict left, one way (one undo step for theirs).
    Q_INVOKABLE void takeAll(bool theirs);

signals:
    void changed();
    // One line for the status bar.
    void status(const QString &message);

private:
    void resolved(int row, const QString &how);
    // After an undo or redo: a conflict taken as theirs is open again while its step is undone.
    void followUndo(int index);

    // A conflict resolved by taking theirs, and the undo index its step leads to.
    struct TakenTheirs {
        int index;
        const void *step; // that step, to tell it from a later one at the same index (undone, then another edit)
        document::OpenConflict conflict;
        bool open = false;
    };
    void rememberTaken(const std::vector<document::OpenConflict> &taken);
    // True when `change` may move an open conflict's outline on the level's side (objects came or
    // went, or an object of a conflicted kind, or a waypoint of a conflicted edge or patrol, changed).
    bool drawsFrom(const document::LevelDocument::ChangeSet &change) const;

    document::LevelDocument &m_document;
    std::vector<document::OpenConflict> m_conflicts;
    std::vector<TakenTheirs> m_taken;
    document::Level m_theirs;
};

} // namespace railforge::app
