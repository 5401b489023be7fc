// EditorController's read-outs for tests: an object's facts as a map. The editor itself reads the
// typed ObjectInspector; tests read these to check the document after real mouse and key events.
#include "app/editor/editor_controller.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/property_text.h"
#include "document/model/rail_points.h"

namespace railforge::app {

QVariantMap EditorController::objectInfo(const QString &key) const
{
    auto id = Selection::fromKey(key);
    if (!id) return {};
    auto at = document::findObject(m_document.level(), *id);
    if (!at) return {};
    QVariantMap info{{"id", QString::fromStdString(id->id)},
                     {"kind", QString::fromLatin1(document::kindName(id->kind))}};
    const auto &level = m_document.level();
    switch (id->kind) {
    case document::ObjectKind::Waypoint: {
        const auto &w = level.waypoints[at->index];
        info["x"] = w.position.x;
        info["y"] = w.position.y;
        info["z"] = w.position.z;
        info["properties"] = int(w.properties.size());
        break;
    }
    case document::ObjectKind::Edge: {
        const auto &e = level.edges[at->index];
        info["from"] = QString::fromStdString(e.from);
        info["to"] = QString::fromStdString(e.to);
        info["bidirectional"] = e.bidirectional;
        info["cost"] = e.cost ? QVariant(*e.cost) : QVariant(QString());
        break;
    }
    case document::ObjectKind::Obstacle: {
        const auto &o = level.obstacles[at->index];
        info["shape"] = o.shape == document::Obstacle::Shape::Circle ? "circle" : "polygon";
        info["points"] = int(o.polygon.size());
        info["x"] = o.circle.center.x;
        info["y"] = o.circle.center.y;
        info["radius"] = o.circle.radius;
        break;
    }
    case document::ObjectKind::Rail: {
        const auto &r = level.rails[at->index];
        info["points"] = int(r.points.size());
        info["closed"] = r.closed;
        info["spline"] = QString::fromLatin1(document::splineKindName(r.spline));
        info["alpha"] = r.alpha;
        QVariantList xs, ys, zs;
        for (const auto &p : r.points) {
            xs << p.x;
            ys << p.y;
            zs << p.z;
        }
        info["xs"] = xs;
        info["ys"] = ys;
        info["zs"] = zs;
        // Per point: stored handle mode, handle offsets as the curve uses them, tilt.
        QVariantList modes, ins, outs, tilts;
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            const document::PointHandles h = document::shownHandles(r, i);
            modes << QString::fromLatin1(document::handleModeName(h.mode));
            ins << QVariant(QVariantList{h.in.x, h.in.y, h.in.z});
            outs << QVariant(QVariantList{h.out.x, h.out.y, h.out.z});
            tilts << document::pointTilt(r, i);
        }
        info["modes"] = modes;
        info["ins"] = ins;
        info["outs"] = outs;
        info["tilts"] = tilts;
        break;
    }
    case document::ObjectKind::Patrol: {
        const auto &p = level.patrols[at->index];
        QStringList stops;
        for (const auto &s : p.stops) stops << QString::fromStdString(s);
        info["stops"] = stops;
        info["mode"] = QString::fromLatin1(document::patrolModeName(p.mode));
        info["agent"] = QString::fromStdString(p.agent);
        info["follow"] = QString::fromLatin1(document::patrolFollowName(p.follow));
        info["steps"] = int(p.smoothing.size());
        break;
    }
    case document::ObjectKind::Junction: {
        const auto &j = level.junctions[at->index];
        info["rail"] = QString::fromStdString(j.rail);
        info["default"] = QString::fromStdString(j.defaultWay);
        info["links"] = int(j.links.size());
        break;
    }
    case document::ObjectKind::Reference: {
        const auto &r = level.references[at->index];
        info["file"] = QString::fromStdString(r.file);
        info["shown"] = r.visible;
        info["locked"] = r.locked;
        break;
    }
    case document::ObjectKind::Agent: {
        const auto &a = level.agents[at->index];
        info["radius"] = a.radius;
        info["height"] = a.height;
        info["climb"] = a.climb;
        info["slope"] = a.slope;
        info["cell"] = a.cell ? QVariant(*a.cell) : QVariant(QString());
        break;
    }
    }
    return info;
}

QVariantList EditorController::propertiesOf(const QString &key) const
{
    QVariantList list;
    auto id = Selection::fromKey(key);
    auto at = id ? document::findObject(m_document.level(), *id) : std::nullopt;
    if (!at) return list;
    const document::AnyObject object = document::objectAt(m_document.level(), *at);
    const document::Properties *properties = document::propertiesOf(object);
    if (!properties) return list;
    for (const auto &p : *properties)
        list << QVariantMap{{"name", QString::fromStdString(p.name)},
                            {"type", QString::fromLatin1(document::propertyTypeName(p.value))},
                            {"value", QString::fromStdString(document::propertyText(p.value))}};
    return list;
}

QVariantList EditorController::junctions() const
{
    QVariantList out;
    for (const document::Junction &j : m_document.level().junctions) {
        QVariantMap m;
        m["id"] = QString::fromStdString(j.id);
        m["rail"] = QString::fromStdString(j.rail);
        m["end"] = j.end ? QString::fromLatin1(document::railEndName(*j.end)) : QString();
        m["s"] = j.s;
        QStringList links;
        for (const document::JunctionLink &l : j.links)
            links << QString::fromStdString(l.rail) + ":" + QString::fromLatin1(document::railEndName(l.end));
        m["links"] = links;
        m["default"] = QString::fromStdString(j.defaultWay);
        out << m;
    }
    return out;
}

} // namespace railforge::app
