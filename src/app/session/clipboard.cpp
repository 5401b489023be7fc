#include "app/session/clipboard.h"

#include "app/selection/selection.h"
#include "document/editing/level_editing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::app {

Clipboard::Clipboard(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection)
{}

bool Clipboard::empty() const
{
    // Edges and junctions never come alone: they come with their waypoints and rails.
    return m_content.waypoints.empty() && m_content.rails.empty() && m_content.obstacles.empty() &&
           m_content.patrols.empty() && m_content.references.empty();
}

void Clipboard::copy()
{
    m_content = document::extractObjects(m_document.level(), m_selection.list());
    m_pasteCount = 0;
    emit contentChanged();
}

QPointF Clipboard::centre() const
{
    double minX = std::numeric_limits<double>::infinity(), minY = minX;
    double maxX = -minX, maxY = -minX;
    auto include = [&](double x, double y) {
        minX = std::min(minX, x);
        maxX = std::max(maxX, x);
        minY = std::min(minY, y);
        maxY = std::max(maxY, y);
    };
    for (const auto &w : m_content.waypoints) include(w.position.x, w.position.y);
    for (const auto &r : m_content.rails)
        for (const auto &p : r.points) include(p.x, p.y);
    for (const auto &o : m_content.obstacles) {
        if (o.shape == document::Obstacle::Shape::Circle) include(o.circle.center.x, o.circle.center.y);
        for (const auto &p : o.polygon) include(p.x, p.y);
    }
    for (const auto &r : m_content.references) {
        if (r.kind == document::ReferenceKind::Mesh) {
            include(r.translate.x, r.translate.y);
        } else {
            include(r.rect[0], r.rect[1]);
            include(r.rect[2], r.rect[3]);
        }
    }
    if (minX > maxX) return {};
    return {(minX + maxX) / 2, (minY + maxY) / 2};
}

void Clipboard::pasteWithOffset(document::Vec3 offset)
{
    if (empty()) return;
    // Each point's height placed where it lands: on the ground its copied height is nearest to
    // while snapping to ground (a rail copied off a deck lands on a deck, one off a road on a road).
    document::Level placed = m_content;
    const auto place = [&](document::Vec3 &p, document::ObjectKind kind) {
        if (m_placeHeight) p.z = m_placeHeight(p.x + offset.x, p.y + offset.y, kind, p.z + offset.z) - offset.z;
    };
    for (auto &w : placed.waypoints) place(w.position, document::ObjectKind::Waypoint);
    for (auto &r : placed.rails)
        for (auto &p : r.points) place(p, document::ObjectKind::Rail);
    const auto added = document::pasteObjects(m_document, placed, offset);
    m_selection.set({added.begin(), added.end()});
}

void Clipboard::pasteAt(QPointF world, double gridStep)
{
    QPointF shift = world - centre();
    // The centre of a selection is rarely on the grid (a midpoint): snap the move, not the centre.
    if (gridStep > 0)
        shift = {std::round(shift.x() / gridStep) * gridStep, std::round(shift.y() / gridStep) * gridStep};
    pasteWithOffset({shift.x(), shift.y(), 0});
}

void Clipboard::paste(double step)
{
    // Each paste beside the originals lands a little further along so copies do not hide each other.
    ++m_pasteCount;
    pasteWithOffset({step * m_pasteCount, -step * m_pasteCount, 0});
}

void Clipboard::duplicate(double step)
{
    copy();
    paste(step);
}

} // namespace railforge::app
