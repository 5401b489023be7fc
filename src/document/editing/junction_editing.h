// Edits of junctions in the editor (docs/ui.md "Junctions"): a rail's end dragged onto another rail
// joins it there (a new junction, or a new way of the one already there), a click on a junction
// turns its default to the next way, a drag moves it (along its rail, or with its rail's end) with
// every linked end, a right click deletes it. Each is one undo step (a drag merges into one).
#pragma once

#include "document/editing/change_objects_command.h"

#include <QUndoCommand>

#include <string>

namespace railforge::document {

// Undo command: the junctions change, and the rails whose linked ends follow them.
class JunctionsCommand : public QUndoCommand {
public:
    // `after` is the whole level after the edit; only its junctions and changed rails are kept.
    JunctionsCommand(LevelDocument *document, const QString &text, const Level &after, int mergeKey = 0);
    void redo() override;
    void undo() override;
    int id() const override { return m_mergeKey == 0 ? -1 : 2; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    LevelDocument *m_document;
    std::vector<Junction> m_before, m_after;
    std::vector<ChangeObjectsCommand::Change> m_rails;
    int m_mergeKey;
};

// Joins the `end` of open rail `rail` to rail `target` at arc length `s` (its end when `s` is within
// `endSlack` of one): the end moves onto that point of `target` and a junction is made there, or the
// end becomes one more way of the junction already there. With `tangent` the branch leaves along the
// target with its tilt (branch_alignment.h); without, it keeps its own direction (a free join). ""
// when done, else why not.
std::string joinRailEnd(LevelDocument &document, const std::string &rail, RailEnd end, const std::string &target,
                        double s, double endSlack, bool tangent = true);
// Makes the junction's next way its default (after the last, the first again).
bool cycleJunctionDefault(LevelDocument &document, const std::string &id);
// Moves a junction towards `world` (x, y): a mid-rail junction slides along its rail to the nearest
// place; one at a rail's end takes that end there. Linked ends follow. Same mergeKey: one step.
bool moveJunction(LevelDocument &document, const std::string &id, Vec3 world, int mergeKey);
bool deleteJunction(LevelDocument &document, const std::string &id);

} // namespace railforge::document
