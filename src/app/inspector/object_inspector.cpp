#include "app/inspector/object_inspector.h"

#include "app/selection/selection.h"
#include "document/checks/edit_rules.h"
#include "document/editing/level_editing.h"
#include "document/model/property_text.h"

#include <algorithm>
#include <optional>
#include <set>

namespace railforge::app {

using document::ObjectKind;

ObjectInspector::ObjectInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent), m_properties(this)
{
    follow();
}

void ObjectInspector::refresh()
{
    m_waypoint = nullptr;
    m_edge = nullptr;
    m_obstacle = nullptr;
    m_patrol = nullptr;
    m_key.clear();
    m_id = {};
    const auto &level = m_document.level();
    if (m_selection.count() == 1) {
        m_id = *m_selection.objects().begin();
        if (auto at = document::findObject(level, m_id)) {
            m_key = Selection::keyOf(m_id);
            switch (m_id.kind) {
            case ObjectKind::Waypoint: m_waypoint = &level.waypoints[at->index]; break;
            case ObjectKind::Edge: m_edge = &level.edges[at->index]; break;
            case ObjectKind::Obstacle: m_obstacle = &level.obstacles[at->index]; break;
            case ObjectKind::Patrol: m_patrol = &level.patrols[at->index]; break;
            case ObjectKind::Rail:      // RailInspector
            case ObjectKind::Junction:  // JunctionInspector
            case ObjectKind::Reference: // ReferenceList
            case ObjectKind::Agent:     // AgentInspector
                break;
            }
        }
    }
    if (auto object = editable())
        m_properties.setProperties(document::propertiesOf(object->second) ? *document::propertiesOf(object->second)
                                                                          : document::Properties{});
    else
        showSharedProperties();
    emit changed();
}

QString ObjectInspector::kind() const
{
    return m_key.isEmpty() ? QString() : QString::fromLatin1(document::kindName(m_id.kind));
}

int ObjectInspector::selectedCount() const { return m_selection.count(); }

bool ObjectInspector::hasProperties() const
{
    return std::any_of(m_selection.objects().begin(), m_selection.objects().end(),
                       [](const document::ObjectId &id) { return id.kind != ObjectKind::Reference; });
}

bool ObjectInspector::hasPosition() const { return m_waypoint || isCircle(); }

double ObjectInspector::x() const
{
    if (m_waypoint) return m_waypoint->position.x;
    return isCircle() ? m_obstacle->circle.center.x : 0.0;
}

double ObjectInspector::y() const
{
    if (m_waypoint) return m_waypoint->position.y;
    return isCircle() ? m_obstacle->circle.center.y : 0.0;
}

bool ObjectInspector::isCircle() const { return m_obstacle && m_obstacle->shape == document::Obstacle::Shape::Circle; }

double ObjectInspector::radius() const { return isCircle() ? m_obstacle->circle.radius : 0.0; }

QString ObjectInspector::mode() const
{
    return m_patrol ? QString::fromLatin1(document::patrolModeName(m_patrol->mode)) : QString();
}

QStringList ObjectInspector::stops() const
{
    QStringList out;
    if (m_patrol)
        for (const auto &s : m_patrol->stops) out << QString::fromStdString(s);
    return out;
}

bool ObjectInspector::canEditSharedHeight() const
{
    if (m_selection.count() < 2) return false;
    return std::any_of(m_selection.objects().begin(), m_selection.objects().end(),
                       [](const auto &id) { return id.kind == ObjectKind::Waypoint || id.kind == ObjectKind::Rail; });
}

QString ObjectInspector::sharedHeight() const
{
    if (!canEditSharedHeight()) return {};
    const auto &level = m_document.level();
    std::optional<double> common;
    bool mixed = false;
    auto see = [&](double z) {
        if (common && *common != z) mixed = true;
        common = z;
    };
    for (const auto &id : m_selection.objects()) {
        auto at = document::findObject(level, id);
        if (!at) continue;
        if (id.kind == ObjectKind::Waypoint) see(level.waypoints[at->index].position.z);
        if (id.kind == ObjectKind::Rail)
            for (const auto &p : level.rails[at->index].points) see(p.z);
    }
    return !common || mixed ? QString() : QString::number(*common, 'g', 17);
}

std::optional<std::pair<document::ObjectIndex, document::AnyObject>> ObjectInspector::editable() const
{
    if (m_key.isEmpty()) return std::nullopt;
    auto at = document::findObject(m_document.level(), m_id);
    if (!at) return std::nullopt;
    return std::make_pair(*at, document::objectAt(m_document.level(), *at));
}

std::string ObjectInspector::commit(document::AnyObject edited, const QString &text)
{
    if (auto at = document::findObject(m_document.level(), m_id))
        return document::changeObject(m_document, *at, std::move(edited), text);
    return {};
}

bool ObjectInspector::setId(const QString &id)
{
    if (m_key.isEmpty()) return false;
    const std::string newId = id.trimmed().toStdString();
    if (newId == m_id.id) return accept();
    // The rename's change reaches the selection first, which drops the old id; so the object to
    // select is worked out before (m_id is reset on the way).
    const document::ObjectId renamed{m_id.kind, newId};
    std::string error;
    if (!document::renameObject(m_document, m_id, newId, &error)) return refuse(error);
    m_selection.set({renamed});
    return accept();
}

bool ObjectInspector::setCoordinate(int axis, double value)
{
    auto object = editable();
    if (!object || axis < 0 || axis > 2) return false;
    if (auto *w = std::get_if<document::Waypoint>(&object->second)) {
        (axis == 0 ? w->position.x : axis == 1 ? w->position.y : w->position.z) = value;
    } else if (auto *o = std::get_if<document::Obstacle>(&object->second); o && isCircle() && axis < 2) {
        (axis == 0 ? o->circle.center.x : o->circle.center.y) = value;
    } else {
        return false;
    }
    if (std::string why = commit(std::move(object->second), tr("Move %1").arg(m_key)); !why.empty()) return refuse(why);
    return accept();
}

bool ObjectInspector::setRadius(double radius)
{
    auto object = editable();
    auto *o = object ? std::get_if<document::Obstacle>(&object->second) : nullptr;
    if (!o || !isCircle()) return false;
    o->circle.radius = radius;
    if (std::string why = commit(std::move(object->second), tr("Resize %1").arg(m_key)); !why.empty())
        return refuse(why);
    return accept();
}

bool ObjectInspector::setMode(const QString &mode)
{
    auto object = editable();
    auto *patrol = object ? std::get_if<document::Patrol>(&object->second) : nullptr;
    auto parsed = document::patrolModeFromName(mode.toStdString());
    if (!patrol) return false;
    if (!parsed) return refuse("unknown patrol mode '" + mode.toStdString() + "'");
    patrol->mode = *parsed;
    commit(std::move(object->second), tr("Patrol %1: %2").arg(objectId(), mode));
    return accept();
}

bool ObjectInspector::setBidirectional(bool bidirectional)
{
    auto object = editable();
    auto *edge = object ? std::get_if<document::Edge>(&object->second) : nullptr;
    if (!edge) return false;
    if (bidirectional)
        if (auto why = document::whyEdgeCannotBeTwoWay(m_document.level(), *edge); !why.empty()) return refuse(why);
    edge->bidirectional = bidirectional;
    commit(std::move(object->second), tr("Edge %1").arg(objectId()));
    return accept();
}

bool ObjectInspector::setCost(const QString &cost)
{
    auto object = editable();
    auto *edge = object ? std::get_if<document::Edge>(&object->second) : nullptr;
    if (!edge) return false;
    if (cost.trimmed().isEmpty()) {
        edge->cost.reset();
    } else {
        bool ok = false;
        const double value = cost.trimmed().toDouble(&ok);
        edge->cost = ok ? value : -1.0; // not a number: refused as the cost rule says
    }
    if (std::string why = commit(std::move(object->second), tr("Edge %1 cost").arg(objectId())); !why.empty())
        return refuse(why);
    return accept();
}

bool ObjectInspector::setProperty(const QString &name, const QString &type, const QString &value)
{
    const std::string n = name.trimmed().toStdString();
    if (n.empty()) return refuse("a property needs a name");
    std::string why;
    auto parsed = document::parsePropertyText(type.toStdString(), value.toStdString(), &why);
    if (!parsed) return refuse(why);
    const bool edited = editSelected(tr("Set property %1").arg(name.trimmed()), [&](document::AnyObject &object) {
        document::Properties *properties = document::propertiesOf(object);
        if (!properties) return false;
        auto &props = *properties;
        auto existing = std::find_if(props.begin(), props.end(), [&](const auto &p) { return p.name == n; });
        if (existing != props.end())
            existing->value = *parsed;
        else
            props.push_back({n, *parsed});
        return true;
    });
    return edited && accept();
}

bool ObjectInspector::removeProperty(const QString &name)
{
    const std::string n = name.toStdString();
    const bool removed = editSelected(tr("Remove property %1").arg(name), [&](document::AnyObject &object) {
        document::Properties *props = document::propertiesOf(object);
        return props && std::erase_if(*props, [&](const auto &p) { return p.name == n; }) > 0;
    });
    return removed && accept();
}

void ObjectInspector::showSharedProperties()
{
    // Several objects: the properties every one of them has, with the same type; a value they do not
    // all share shows as mixed (editing it sets it on all).
    const auto &level = m_document.level();
    std::optional<document::Properties> shared;
    std::set<std::string> mixed;
    for (const auto &id : m_selection.objects()) {
        const auto at = document::findObject(level, id);
        if (!at) continue;
        const document::AnyObject object = document::objectAt(level, *at);
        const document::Properties props =
            document::propertiesOf(object) ? *document::propertiesOf(object) : document::Properties{};
        if (!shared) {
            shared = props;
            continue;
        }
        std::erase_if(*shared, [&](const document::Property &p) {
            const auto same = std::find_if(props.begin(), props.end(), [&](const auto &q) { return q.name == p.name; });
            if (same == props.end() || same->value.index() != p.value.index()) return true;
            if (!(same->value == p.value)) mixed.insert(p.name);
            return false;
        });
    }
    m_properties.setProperties(m_selection.count() > 1 && shared ? *shared : document::Properties{}, mixed);
}

bool ObjectInspector::editSelected(const QString &text, const std::function<bool(document::AnyObject &)> &edit)
{
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edits;
    for (const auto &id : m_selection.objects()) {
        auto at = document::findObject(m_document.level(), id);
        if (!at) continue;
        document::AnyObject object = document::objectAt(m_document.level(), *at);
        if (edit(object)) edits.emplace_back(*at, std::move(object));
    }
    if (edits.empty()) return false;
    if (std::string why = document::changeObjects(m_document, std::move(edits), text); !why.empty()) return refuse(why);
    return true;
}

bool ObjectInspector::setSharedHeight(double z)
{
    const bool edited = editSelected(tr("Set height"), [&](document::AnyObject &object) {
        if (auto *w = std::get_if<document::Waypoint>(&object))
            w->position.z = z;
        else if (auto *r = std::get_if<document::Rail>(&object))
            for (auto &p : r->points) p.z = z;
        else
            return false;
        return true;
    });
    return edited && accept();
}

} // namespace railforge::app
