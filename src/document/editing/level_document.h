// The open level as a QObject: its data, its file and its modified state.
// The editor's models and views all read the same LevelDocument.
#pragma once

#include "document/model/object_change.h"
#include "document/model/object_ref.h"
#include "document/model/rail_geometry_cache.h"
#include "document/yaml/level_reader.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <algorithm>
#include <memory>
#include <optional>

namespace railforge::document {

class LevelDocument : public QObject {
    Q_OBJECT
public:
    explicit LevelDocument(QObject *parent = nullptr);

    // The current level (read-only; edits go through undo commands).
    const Level &level() const { return m_level; }
    // The file the level was loaded from or last saved to; empty for a new level.
    const QString &filePath() const { return m_filePath; }
    // The folder paths in the level (its references) are relative to: the file's, or the working
    // folder for a level not saved yet.
    QString folderPath() const;
    // The file's text as loaded or last saved (empty for a new level): a save changes only what the
    // edits changed in it, so comments and the layout of untouched objects stay.
    const std::string &fileText() const { return m_fileText; }
    // What the loader said of the file's text that no rule over the level says (an unknown key, a
    // number written oddly): kept from the last load until another level takes its place, since saves
    // keep that text as it is. The rules' own problems are checked live instead (level_rules.h).
    const Diagnostics &fileNotes() const { return m_fileNotes; }
    // The shape of level().rails[index] as every view reads it (rail_geometry_cache.h): built once
    // per change of that rail, whichever views ask. UI thread only; the geometry itself may be read
    // anywhere.
    std::shared_ptr<const RailGeometry> railGeometry(std::size_t index) const;
    // railGeometry as a function, for what takes its rails' geometry from elsewhere when asked
    // (RailShapes, buildLevelNetwork); valid while the document lives.
    RailGeometryOf railGeometryOf() const
    {
        return [this](std::size_t index) { return railGeometry(index); };
    }
    // How many rail geometries the document has built (a test counts a drag's).
    std::size_t railGeometryBuilds() const { return m_railGeometry.builds(); }
    // True when there are edits not yet saved.
    bool isModified() const { return !m_undoStack.isClean(); }
    // The undo history of this document.
    QUndoStack *undoStack() { return &m_undoStack; }
    const QUndoStack *undoStack() const { return &m_undoStack; }

    // Starts a fresh, empty level.
    void reset();
    // Loads a file; on any error keeps the current level untouched and returns the diagnostics.
    LoadResult load(const QString &path);
    // Opens the ours side of a conflicted file (merge/conflict_resolution.h) as the level: a save
    // writes over that side's text, and the file as it is on disk now (with its markers) counts as
    // seen. The level starts modified, since the file on disk is not what a save writes.
    void loadOurs(const QString &path, const LoadResult &ours, std::string diskText);
    // Whether the next save to the current file may replace what is on disk.
    enum class Overwrite {
        OnlyWhatWasSeen, // refuse when the file changed on disk since it was loaded or last saved
        WhateverIsThere, // the designer chose to replace a teammate's change
    };
    // Saves atomically to `path` (the current file when empty); on success the document is clean.
    // Saving to the current file after it changed on disk is refused (see diskState) unless
    // `overwrite` says otherwise: a save never replaces content the designer has not seen.
    bool save(const QString &path, QString *error, Overwrite overwrite = Overwrite::OnlyWhatWasSeen);

    // The current file on disk, compared with what this document last loaded or saved there.
    enum class DiskState {
        Unchanged, // the same bytes (or the level has no file yet)
        Changed,   // someone else wrote it: a teammate's save, a git pull, another editor
        Missing,   // deleted or moved away
    };
    // `diskText`, when given, receives what is on disk (so a caller need not read it again).
    DiskState diskState(std::string *diskText = nullptr) const;
    // "Keep mine": the text on disk now becomes what the next save edits (so where the two levels
    // agree, the teammate's layout and comments stay) and the next save replaces it without asking.
    void baseOnDisk();

    // Replaces the whole level; emits levelChanged.
    void setLevel(Level level);
    // Replaces the level's name and units (used by its undo command); emits levelChanged.
    void setInfo(LevelInfo info);

    // One primitive change, as undo commands apply them.
    struct Edit {
        enum class Type { Replace, Insert, Remove };
        Type type = Type::Replace;
        ObjectIndex at;
        AnyObject object; // the new object (Replace, Insert); unused for Remove
    };
    // Applies edits in order and emits levelChanged once, with what they did. Only undo commands
    // should call this, so that every change is undoable.
    void apply(const std::vector<Edit> &edits);

    // One object an edit inserted, removed or changed in place, and which of its parts.
    struct ObjectChange {
        Edit::Type type = Edit::Type::Replace;
        // Where it is (Replace, Insert) or was (Remove) when its step ran: a step's index counts the
        // inserts and removes of the steps before it, as a list model's rows do.
        ObjectIndex at;
        ObjectParts parts = kEveryPart; // every part for an insert or a removal
    };
    // What a levelChanged is about (docs/architecture.md "Change events"), so views update only what
    // changed: a drag on a big level changes one object's shape per frame, a colour only its look, a
    // junction's default way that junction's data.
    struct ChangeSet {
        bool wholeLevel = true;            // another level, or the whole level set at once
        std::vector<ObjectChange> objects; // the objects' steps, in the order they ran
        bool info = false;                 // the level's name or units

        // Objects added or removed (their lists' rows moved), or the whole level.
        bool structural() const
        {
            return wholeLevel || std::any_of(objects.begin(), objects.end(),
                                             [](const ObjectChange &c) { return c.type != Edit::Type::Replace; });
        }
        // Whether objects of `kind` were added or removed (or the whole level changed).
        bool listChanged(ObjectKind kind) const
        {
            return wholeLevel || std::any_of(objects.begin(), objects.end(), [&](const ObjectChange &c) {
                       return c.at.kind == kind && c.type != Edit::Type::Replace;
                   });
        }
        // Whether any object of `kind` changed in any way (or the whole level did).
        bool touchesKind(ObjectKind kind) const
        {
            return wholeLevel || std::any_of(objects.begin(), objects.end(),
                                             [&](const ObjectChange &c) { return c.at.kind == kind; });
        }
        // Whether, of the level's objects, only some of `kind` changed, in place (its name or units may
        // have changed too: they are no objects).
        bool onlyKind(ObjectKind kind) const
        {
            return !structural() && std::all_of(objects.begin(), objects.end(),
                                                [&](const ObjectChange &c) { return c.at.kind == kind; });
        }
        // Whether the change may matter to what reads `parts` of objects of `kinds`: the whole level
        // may; else an object of those kinds added, removed, or changed in one of those parts.
        bool touches(std::initializer_list<ObjectKind> kinds, ObjectParts parts) const
        {
            if (wholeLevel) return true;
            return std::any_of(objects.begin(), objects.end(), [&](const ObjectChange &c) {
                return (c.parts & parts) && std::find(kinds.begin(), kinds.end(), c.at.kind) != kinds.end();
            });
        }
        // Whether objects changed in place in nothing but `parts` (and nothing else changed).
        bool onlyParts(ObjectParts parts) const
        {
            return !structural() && !info && std::all_of(objects.begin(), objects.end(), [&](const ObjectChange &c) {
                return !(c.parts & ~parts);
            });
        }
    };

signals:
    // The level changed, and how: every listener updates from `change` alone (it is valid only
    // during the call).
    void levelChanged(const railforge::document::LevelDocument::ChangeSet &change);
    void filePathChanged();
    void modifiedChanged();
    // Another level took the document's place (another file opened, or a new level): views frame
    // it. Not emitted when the same file is read again or Save As gives the level another name.
    void replaced();

private:
    // Makes a loaded file the document; `seenText`, when given, is what is on disk instead of its text.
    void takeFile(const QString &path, const LoadResult &loaded, std::optional<std::string> seenText);

    Level m_level;
    mutable RailGeometryCache m_railGeometry;
    QString m_filePath;
    std::string m_fileText;
    std::optional<std::string> m_seenText; // what is on disk, when it is not m_fileText (loadOurs)
    Diagnostics m_fileNotes;
    std::optional<Level> m_fileLevel; // what m_fileText reads as
    QUndoStack m_undoStack;
};

} // namespace railforge::document
