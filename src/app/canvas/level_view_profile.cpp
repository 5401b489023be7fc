// LevelView and the profile: the profiled rail's or patrol's marks on the plan (over-limit stretches,
// bank labels, the shared cursor), and the cursor placed from the plan.
#include "app/canvas/level_view.h"
#include "app/plan/profile_marks.h"
#include "document/model/rail_geometry.h"

#include <QPainter>

namespace railforge::app {

void LevelView::paintProfileMarks(QPainter &painter, std::vector<QRectF> &taken)
{
    const QString key = m_controller->profileKey();
    if (key.isEmpty()) return;
    const document::Level &level = m_controller->document()->level();
    const auto curve = ProfiledCurve::of(key, level, rails(), m_controller->patrolPreview()->routes());
    if (!curve) return;
    const RailCursor *cursor = m_controller->cursor();
    if (cursor->overLimitKey() == key) paintOverLimit(painter, m_view, *curve, cursor->overLimit());
    if (const auto id = Selection::fromKey(key); id && id->kind == document::ObjectKind::Rail) {
        const int index = document::findRail(level, id->id);
        const RailShapes &shapes = rails();
        if (const core::FrameTable *frames = index >= 0 ? shapes.banking(std::size_t(index)) : nullptr)
            paintBankLabels(painter, m_view, level.rails[std::size_t(index)], shapes.table(std::size_t(index)), *frames,
                            taken);
    }
    if (cursor->key() == key)
        paintPlanCursor(painter, m_view, curve->at(cursor->s()), QString::fromStdString(level.info.units));
}

QPointF LevelView::profileCursorPoint()
{
    if (!m_controller) return {};
    const RailCursor *cursor = m_controller->cursor();
    if (!cursor->active() || cursor->key() != m_controller->profileKey()) return {};
    const auto curve = ProfiledCurve::of(cursor->key(), m_controller->document()->level(), rails(),
                                         m_controller->patrolPreview()->routes());
    if (!curve) return {};
    const core::CurveSample at = curve->at(cursor->s());
    return {at.position.x, at.position.y};
}

void LevelView::placeProfileCursor(QPointF screen)
{
    if (!m_controller) return;
    RailCursor *cursor = m_controller->cursor();
    const QString key = m_controller->profileKey();
    const auto curve = key.isEmpty() ? std::nullopt
                                     : ProfiledCurve::of(key, m_controller->document()->level(), rails(),
                                                         m_controller->patrolPreview()->routes());
    // Within a few pixels of the profiled curve the cursor follows the mouse; elsewhere it goes.
    constexpr double kCursorReach = 14.0; // px
    if (curve) {
        const auto [s, distance] = curve->nearest(m_view.toWorld(screen));
        if (distance * m_view.scale <= kCursorReach) return cursor->place(key, s, QStringLiteral("plan"));
    }
    if (cursor->source() == QLatin1String("plan")) cursor->clear();
}

} // namespace railforge::app
