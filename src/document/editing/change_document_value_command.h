// Undo command: one whole value of the document that is not one of its objects (the level itself when
// it is restored or reverted, the level's name and units) changes; the value before and after are
// kept. Each such value is a Part: its type and how the document reads and sets it. Objects go through
// ChangeObjectsCommand and AddRemoveObjectsCommand instead, which tell views exactly what changed.
#pragma once

#include "document/editing/level_document.h"
#include "document/editing/list_edits.h"

#include <QUndoCommand>

namespace railforge::document {

template <typename Part>
class ChangeDocumentValueCommand : public QUndoCommand {
public:
    using Value = typename Part::Value;

    ChangeDocumentValueCommand(LevelDocument *document, const QString &text, Value after,
                               QUndoCommand *parent = nullptr)
        : QUndoCommand(text, parent), m_document(document), m_before(Part::get(*document)), m_after(std::move(after))
    {}
    void redo() override { Part::set(*m_document, m_after); }
    void undo() override { Part::set(*m_document, m_before); }

private:
    LevelDocument *m_document;
    Value m_before;
    Value m_after;
};

// The whole level (restoring autosaved work).
struct WholeLevel {
    using Value = Level;
    static const Level &get(const LevelDocument &document) { return document.level(); }
    static void set(LevelDocument &document, Level level) { document.setLevel(std::move(level)); }
};

// The level's name and units.
struct LevelSettings {
    using Value = LevelInfo;
    static const LevelInfo &get(const LevelDocument &document) { return document.level().info; }
    static void set(LevelDocument &document, LevelInfo info) { document.setInfo(std::move(info)); }
};

// The level's junctions (applied object by object: the change says which junctions changed).
struct LevelJunctions {
    using Value = std::vector<Junction>;
    static const Value &get(const LevelDocument &document) { return document.level().junctions; }
    static void set(LevelDocument &document, const Value &junctions)
    {
        document.apply(editsBetween(ObjectKind::Junction, document.level().junctions, junctions));
    }
};

} // namespace railforge::document
