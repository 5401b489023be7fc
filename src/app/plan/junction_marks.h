// Junctions on the plan (docs/ui.md "Junctions"): a ring where the rails meet, a short bright tick
// along the default way and dim ticks along the others, the junction's id beside it. The same
// places answer the mouse: a click on the ring selects the junction (and, on the one selected
// junction, turns its default), a drag moves it.
#pragma once

#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"
#include "document/model/level.h"

#include <QPointF>
#include <QRectF>

#include <optional>
#include <set>
#include <string>
#include <vector>

class QPainter;

namespace railforge::app {

struct JunctionMark {
    std::string id;
    QPointF world;             // where the rails meet, seen from above
    std::vector<QPointF> ways; // the direction of each way out, unit, in the plan
    QPointF arrival;           // the direction back along the rail a rider arrives on (zero if none)
    std::size_t defaultWay = 0;
};

// The marks of every junction of `level` (the rails' shapes from the canvas).
std::vector<JunctionMark> junctionMarks(const document::Level &level, const RailShapes &rails);

// Where a junction's id is written (screen, `size` the text's box): beside the ring, in the widest
// gap between the rails that meet there, so it never sits on a branch's line.
QRectF junctionLabelBox(const JunctionMark &mark, QPointF centre, QSizeF size);

// Draws them; the junctions in `selected` (ids) are drawn selected. Returns the screen boxes it
// covered (rings and labels), which later labels keep clear of.
std::vector<QRectF> paintJunctions(QPainter &painter, const ViewTransform &view, const std::vector<JunctionMark> &marks,
                                   const std::set<std::string> &selected = {});

// The junction whose ring is under screen point `at`, if any.
std::optional<std::string> junctionAt(const std::vector<JunctionMark> &marks, const ViewTransform &view, QPointF at);

} // namespace railforge::app
