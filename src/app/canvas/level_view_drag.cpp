// The plan's answers to a tool's drag (tools/tool_drag.h): a grabbed point follows the pointer's
// plan point at its own height, and the rails near the pointer come from the plan's rail index as
// the drag began; junctions are picked at their marks.
#include "app/canvas/level_view.h"
#include "app/plan/junction_marks.h"

namespace railforge::app {

namespace {

class PlanPointFollow final : public PointFollow {
public:
    std::optional<core::Vec3> follow(const ToolEvent &event, core::Vec3 now) override
    {
        return core::Vec3{event.world.x(), event.world.y(), now.z};
    }
    bool vertical() const override { return false; }
};

class PlanJoinFinder final : public JoinFinder {
public:
    explicit PlanJoinFinder(LevelView &view) : m_view(view) {}
    std::vector<JoinCandidate> near(QPointF screen) override
    {
        const RailShapes &shapes = m_view.rails();
        const QPointF world = m_view.view().toWorld(screen);
        const double scale = m_view.view().scale;
        // Asking the live index would rebuild it for the whole level at every step of the drag.
        if (!m_index) m_index = shapes.planIndex();
        std::vector<JoinCandidate> candidates;
        for (const core::RailHit &hit : m_index->allWithin({world.x(), world.y(), 0}, kJoinPixels / scale)) {
            const std::size_t r = std::size_t(hit.rail);
            if (r >= shapes.size()) continue;
            const core::ArcLengthTable &table = shapes.table(r);
            const double s = core::arcLengthAt(table, {hit.segment, hit.u});
            // Seen from above, a place shows as far from the rail's ends as it is along it.
            candidates.push_back({r, s, hit.distance * scale, s * scale, (core::totalLength(table) - s) * scale});
        }
        return candidates;
    }

private:
    LevelView &m_view;
    std::optional<core::RailIndex> m_index;
};

} // namespace

std::optional<std::string> LevelView::junctionAt(QPointF screen) const
{
    // Junctions are drawn with their rails: they answer the mouse when both kinds do.
    const KindLayers *shown = layers();
    if (!m_controller || !shown->pickable(document::ObjectKind::Rail) ||
        !shown->pickable(document::ObjectKind::Junction))
        return std::nullopt;
    auto *self = const_cast<LevelView *>(this); // rails() builds the shapes lazily, as a paint would
    return app::junctionAt(junctionMarks(m_controller->document()->level(), self->rails()), m_view, screen);
}

std::unique_ptr<PointFollow> LevelView::grabPoint(core::Vec3, const ToolEvent &)
{
    return std::make_unique<PlanPointFollow>();
}

std::unique_ptr<JoinFinder> LevelView::joinFinder() { return std::make_unique<PlanJoinFinder>(*this); }

} // namespace railforge::app
