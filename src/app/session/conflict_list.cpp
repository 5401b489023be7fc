#include "app/session/conflict_list.h"

#include "document/editing/level_editing.h"
#include "document/model/object_ref.h"

#include <QPointF>
#include <QUndoStack>

#include <algorithm>

namespace railforge::app {
namespace {

// A conflict's outline in one version, as the plan reads it; nothing when that version lacks it.
void addShape(const char *side, const std::optional<document::ConflictOutline> &outline, QVariantList &out)
{
    if (!outline) return;
    QVariantList list;
    for (const core::Vec3 &p : outline->points) list << QPointF(p.x, p.y);
    out << QVariantMap{{"side", side}, {"points", list}, {"closed", outline->closed}};
}

} // namespace

ConflictList::ConflictList(document::LevelDocument &document, QObject *parent) : QObject(parent), m_document(document)
{
    // Ours is the level as edited: its shapes follow the edits of what they are drawn from.
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        if (!m_conflicts.empty() && drawsFrom(change)) emit changed();
    });
    connect(m_document.undoStack(), &QUndoStack::indexChanged, this, &ConflictList::followUndo);
}

bool ConflictList::drawsFrom(const document::LevelDocument::ChangeSet &change) const
{
    if (change.structural() || change.info) return true;
    // An outline is drawn from its object: an edge and a patrol from their waypoints too.
    return std::any_of(change.objects.begin(), change.objects.end(), [&](const auto &c) {
        const std::string kind = document::kindName(c.at.kind);
        return std::any_of(m_conflicts.begin(), m_conflicts.end(), [&](const document::OpenConflict &conflict) {
            return conflict.kind == kind ||
                   (kind == "waypoint" && (conflict.kind == "edge" || conflict.kind == "patrol"));
        });
    });
}

void ConflictList::rememberTaken(const std::vector<document::OpenConflict> &taken)
{
    const QUndoStack *stack = m_document.undoStack();
    for (const auto &c : taken) m_taken.push_back({stack->index(), stack->command(stack->index() - 1), c, false});
}

void ConflictList::followUndo(int index)
{
    const QUndoStack *stack = m_document.undoStack();
    // A step undone and then replaced by another edit is gone for good: its conflict stays open.
    std::erase_if(m_taken, [&](const TakenTheirs &t) {
        return t.open && (t.index > stack->count() || stack->command(t.index - 1) != t.step);
    });
    bool moved = false;
    for (TakenTheirs &t : m_taken) {
        const bool open = index < t.index;
        if (open == t.open) continue;
        t.open = open;
        moved = true;
        if (open) {
            // Back in the list, in the file's order.
            const auto at = std::find_if(m_conflicts.begin(), m_conflicts.end(),
                                         [&](const document::OpenConflict &c) { return c.line > t.conflict.line; });
            m_conflicts.insert(at, t.conflict);
            emit status(tr("Undone: %1 is a conflict again").arg(QString::fromStdString(t.conflict.summary)));
        } else {
            std::erase_if(m_conflicts, [&](const document::OpenConflict &c) {
                return c.kind == t.conflict.kind && c.id == t.conflict.id;
            });
        }
    }
    if (moved) emit changed();
}

QVariantList ConflictList::items() const
{
    QVariantList out;
    for (const auto &c : m_conflicts)
        out << QVariantMap{{"kind", QString::fromStdString(c.kind)},
                           {"id", QString::fromStdString(c.id)},
                           {"summary", QString::fromStdString(c.summary)},
                           {"line", c.line}};
    return out;
}

QVariantList ConflictList::shapes() const
{
    QVariantList out;
    for (const auto &c : m_conflicts) {
        addShape("ours", document::conflictOutline(m_document.level(), c, m_document.railGeometryOf()), out);
        document::OpenConflict asTheirs = c; // a renamed object: theirs' by theirs' name
        if (!c.theirsId.empty()) asTheirs.id = c.theirsId;
        addShape("theirs", document::conflictOutline(m_theirs, asTheirs, {}), out);
    }
    return out;
}

void ConflictList::open(std::vector<document::OpenConflict> conflicts, document::Level theirs)
{
    m_conflicts = std::move(conflicts);
    m_taken.clear();
    m_theirs = std::move(theirs);
    emit changed();
}

void ConflictList::clear()
{
    m_taken.clear();
    if (m_conflicts.empty()) return;
    m_conflicts.clear();
    m_theirs = {};
    emit changed();
}

void ConflictList::resolved(int row, const QString &how)
{
    const QString what = QString::fromStdString(
        m_conflicts[std::size_t(row)].summary.substr(0, m_conflicts[std::size_t(row)].summary.find(" (")));
    m_conflicts.erase(m_conflicts.begin() + row);
    emit changed();
    emit status(m_conflicts.empty() ? tr("%1: took %2. No conflicts left: save to write a clean level.").arg(what, how)
                                    : tr("%1: took %2; %n conflict(s) left.", nullptr, count()).arg(what, how));
}

void ConflictList::takeOurs(int row)
{
    if (row < 0 || row >= count()) return;
    resolved(row, tr("ours"));
}

void ConflictList::takeTheirs(int row)
{
    if (row < 0 || row >= count()) return;
    const document::OpenConflict c = m_conflicts[std::size_t(row)];
    document::replaceLevel(m_document,
                           tr("Take theirs: %1 %2").arg(QString::fromStdString(c.kind), QString::fromStdString(c.id)),
                           document::takeTheirs(m_document.level(), m_theirs, c));
    rememberTaken({c});
    resolved(row, tr("theirs"));
}

void ConflictList::takeAll(bool theirs)
{
    if (m_conflicts.empty()) return;
    if (theirs) {
        document::Level level = m_document.level();
        for (const auto &c : m_conflicts) level = document::takeTheirs(level, m_theirs, c);
        document::replaceLevel(m_document, tr("Take theirs for every conflict"), level);
        rememberTaken(m_conflicts);
    }
    const int n = count();
    m_conflicts.clear();
    emit changed();
    emit status(tr("Took %1 for %n conflict(s). Save to write a clean level.", nullptr, n)
                    .arg(theirs ? tr("theirs") : tr("ours")));
}

} // namespace railforge::app
