#include "document/editing/point_handle.h"

#include "document/editing/level_editing.h"
#include "document/model/object_ref.h"
#include "document/model/tool_numbers.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace railforge::document {

std::vector<ShownHandle> shownHandleTips(const Rail &rail, std::size_t point)
{
    std::vector<ShownHandle> out;
    const std::size_t n = rail.points.size();
    if (rail.spline != SplineKind::Bezier || point >= n) return out;
    const PointHandles h = shownHandles(rail, point);
    if (h.mode == HandleMode::Corner) return out;
    const bool automatic = h.mode == HandleMode::Auto;
    const core::Vec3 at = rail.points[point];
    if ((rail.closed || point > 0) && h.in != core::Vec3{}) out.push_back({HandleSide::In, at + h.in, automatic});
    if ((rail.closed || point + 1 < n) && h.out != core::Vec3{})
        out.push_back({HandleSide::Out, at + h.out, automatic});
    return out;
}

Grip gripOf(HandleSide side) { return side == HandleSide::In ? Grip::BezierIn : Grip::BezierOut; }

HandleDrag::HandleDrag(LevelDocument &document, PointHandle handle, int mergeKey)
    : m_document(&document), m_handle(std::move(handle)), m_mergeKey(mergeKey),
      m_undoIndex(document.undoStack()->index())
{}

std::string HandleDrag::moveTo(core::Vec3 world, bool breakFree)
{
    switch (m_handle.grip) {
    case Grip::Point: return moveRailPoint(*m_document, m_handle.rail, m_handle.point, world, m_mergeKey);
    case Grip::BezierIn:
    case Grip::BezierOut: {
        const auto at = findObject(m_document->level(), {ObjectKind::Rail, m_handle.rail});
        if (!at || m_handle.point >= m_document->level().rails[at->index].points.size())
            return "rail '" + m_handle.rail + "' has no point " + std::to_string(m_handle.point);
        // The handle is kept as an offset from its point: the offset to the new tip.
        const core::Vec3 point = m_document->level().rails[at->index].points[m_handle.point];
        const HandleSide side = m_handle.grip == Grip::BezierIn ? HandleSide::In : HandleSide::Out;
        return moveRailHandle(*m_document, m_handle.rail, m_handle.point, side, toolPoint(world - point), breakFree,
                              m_mergeKey);
    }
    case Grip::Tilt: return "a tilt is turned, not moved";
    }
    return {};
}

std::string HandleDrag::tiltTo(double degrees)
{
    if (m_handle.grip != Grip::Tilt) return "only a tilt grip turns";
    return setRailPointTilt(*m_document, m_handle.rail, m_handle.point, degrees, m_mergeKey);
}

bool HandleDrag::cancel() { return takeBackSince(*m_document, m_undoIndex); }

bool takeBackSince(LevelDocument &document, int index)
{
    QUndoStack *stack = document.undoStack();
    if (stack->index() <= index) return false;
    while (stack->index() > index) stack->undo();
    // Nothing taken back is left to redo: a step marked obsolete is dropped by the stack when it is
    // next redone, without being applied (QUndoCommand::setObsolete).
    while (stack->count() > index) {
        const_cast<QUndoCommand *>(stack->command(index))->setObsolete(true);
        stack->redo();
    }
    return true;
}

} // namespace railforge::document
