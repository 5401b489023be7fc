#include "app/inspector/object_inspector.h"

#include "app/editor/selection.h"
#include "document/checks/edit_rules.h"
#include "document/editing/junction_keeping.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/length_units.h"
#include "document/model/property_text.h"
#include "document/model/rail_banking.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <optional>
#include <set>

namespace railforge::app {

using document::ObjectKind;

ObjectInspector::ObjectInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection), m_properties(this)
{
    connect(&m_document, &document::LevelDocument::levelChanged, this, &ObjectInspector::refresh);
    connect(&m_selection, &Selection::changed, this, [this] {
        // A refusal was about the object that was selected then.
        if (!m_lastError.isEmpty()) {
            m_lastError.clear();
            emit lastErrorChanged();
        }
        refresh();
    });
    refresh();
}

void ObjectInspector::refresh()
{
    m_waypoint = nullptr;
    m_edge = nullptr;
    m_obstacle = nullptr;
    m_rail = nullptr;
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
            case ObjectKind::Rail: m_rail = &level.rails[at->index]; break;
            case ObjectKind::Patrol: m_patrol = &level.patrols[at->index]; break;
            case ObjectKind::Junction:         // JunctionInspector
            case ObjectKind::Reference: break; // ReferenceList
            }
        }
    }
    if (auto object = editable())
        m_properties.setProperties(document::propertiesOf(object->second) ? *document::propertiesOf(object->second)
                                                                          : document::Properties{});
    else
        showSharedProperties();
    // Each point row's field reads these on every change: made once here, not once per field.
    m_pointXs = pointCoordinates(&document::Vec3::x);
    m_pointYs = pointCoordinates(&document::Vec3::y);
    m_pointZs = pointCoordinates(&document::Vec3::z);
    emit changed();
}

QString ObjectInspector::kind() const
{
    return m_key.isEmpty() ? QString() : QString::fromLatin1(document::kindName(m_id.kind));
}

int ObjectInspector::selectedCount() const { return m_selection.count(); }

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

QString ObjectInspector::spline() const
{
    return m_rail ? QString::fromLatin1(document::splineKindName(m_rail->spline)) : QString();
}

QString ObjectInspector::frame() const
{
    return m_rail ? QString::fromLatin1(document::frameModeName(m_rail->frame)) : QString();
}

double ObjectInspector::pointBank() const
{
    const int point = railPoint();
    if (point < 0) return 0.0;
    // The document's geometry of the rail (m_rail points into the level's rails).
    const auto geometry = m_document.railGeometry(std::size_t(m_rail - m_document.level().rails.data()));
    const core::ArcLengthTable &table = geometry->table();
    const core::FrameTable &frames = geometry->frames();
    const double s = std::size_t(point) < frames.knotS.size() ? frames.knotS[std::size_t(point)] : frames.length;
    const core::CurveSample at = core::sampleAt(table, s);
    return core::bankDegrees(at.tangent, core::upAt(frames, s, at.position, at.tangent));
}

bool ObjectInspector::setFrame(const QString &frame)
{
    auto object = editable();
    auto *rail = object ? std::get_if<document::Rail>(&object->second) : nullptr;
    const auto mode = document::frameModeFromName(frame.toStdString());
    if (!rail || !mode) return false;
    if (rail->frame == *mode) return accept();
    rail->frame = *mode;
    commit(std::move(object->second), tr("Rail %1: frame %2").arg(objectId(), frame));
    return accept();
}

bool ObjectInspector::bankForSpeed(double speed, double maxBank, bool activePointOnly)
{
    if (!(speed >= 0.0 && speed <= 1000.0)) return refuse("the speed is 0 to 1000 m/s");
    return bank(std::optional(speed), maxBank, activePointOnly);
}

bool ObjectInspector::bankForSpeedChannel(double maxBank, bool activePointOnly)
{
    return bank(std::nullopt, maxBank, activePointOnly);
}

bool ObjectInspector::bank(std::optional<double> speed, double maxBank, bool activePointOnly)
{
    auto object = editable();
    auto *rail = object ? std::get_if<document::Rail>(&object->second) : nullptr;
    if (!rail) return false;
    if (!(maxBank > 0.0 && maxBank <= 180.0)) return refuse("the largest bank is above 0 and at most 180 degrees");
    std::vector<std::size_t> points;
    if (activePointOnly) {
        if (railPoint() < 0) return refuse("no point is active: click one, or bank the whole rail");
        points.push_back(std::size_t(railPoint()));
    }
    const double metres = document::metresPerUnit(m_document.level().info.units).value_or(1.0);
    // A typed speed, or the rail's speed channel point by point.
    const std::optional<document::Rail> banked =
        speed ? std::optional(document::bankedForSpeed(*rail, *speed, metres, maxBank, points))
              : document::bankedForSpeedChannel(*rail, metres, maxBank, points);
    if (!banked) return refuse("the rail has no speed channel: type a speed");
    // With the tilt kept continuous at its junctions (a linked end takes its trunk's tilt): the rails
    // that changes go in the same undo step.
    document::Level level = m_document.level();
    level.rails[std::size_t(document::findRail(level, rail->id))] = *banked;
    document::keepTiltAcrossJunctions(level, rail->id);
    std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
    for (std::size_t i = 0; i < level.rails.size(); ++i)
        if (!(level.rails[i] == m_document.level().rails[i]))
            edited.emplace_back(document::ObjectIndex{document::ObjectKind::Rail, i}, level.rails[i]);
    if (edited.empty()) return accept();
    const QString at = speed ? tr("%1 m/s").arg(*speed) : tr("its speed channel");
    document::changeObjects(m_document, std::move(edited),
                            activePointOnly ? tr("Rail %1: bank point %2 for %3").arg(objectId()).arg(points[0]).arg(at)
                                            : tr("Rail %1: bank for %2").arg(objectId(), at));
    return accept();
}

bool ObjectInspector::canClose() const { return m_rail && document::whyRailCannotClose(*m_rail).empty(); }

QList<double> ObjectInspector::pointCoordinates(double document::Vec3::*axis) const
{
    QList<double> out;
    if (m_rail)
        for (const auto &p : m_rail->points) out << p.*axis;
    return out;
}

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

bool ObjectInspector::refuse(const std::string &why)
{
    m_lastError = QString::fromStdString(why);
    emit lastErrorChanged();
    return false;
}

bool ObjectInspector::accept()
{
    if (!m_lastError.isEmpty()) {
        m_lastError.clear();
        emit lastErrorChanged();
    }
    return true;
}

std::optional<std::pair<document::ObjectIndex, document::AnyObject>> ObjectInspector::editable() const
{
    if (m_key.isEmpty()) return std::nullopt;
    auto at = document::findObject(m_document.level(), m_id);
    if (!at) return std::nullopt;
    return std::make_pair(*at, document::objectAt(m_document.level(), *at));
}

void ObjectInspector::commit(document::AnyObject edited, const QString &text)
{
    if (auto at = document::findObject(m_document.level(), m_id))
        document::changeObject(m_document, *at, std::move(edited), text);
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
    if (auto why = document::whyBadCoordinate(value, "a coordinate"); !why.empty()) return refuse(why);
    if (auto *w = std::get_if<document::Waypoint>(&object->second)) {
        (axis == 0 ? w->position.x : axis == 1 ? w->position.y : w->position.z) = value;
    } else if (auto *o = std::get_if<document::Obstacle>(&object->second); o && isCircle() && axis < 2) {
        (axis == 0 ? o->circle.center.x : o->circle.center.y) = value;
    } else {
        return false;
    }
    commit(std::move(object->second), tr("Move %1").arg(m_key));
    return accept();
}

bool ObjectInspector::setRadius(double radius)
{
    auto object = editable();
    auto *o = object ? std::get_if<document::Obstacle>(&object->second) : nullptr;
    if (!o || !isCircle()) return false;
    if (auto why = document::whyBadRadius(radius); !why.empty()) return refuse(why);
    o->circle.radius = radius;
    commit(std::move(object->second), tr("Resize %1").arg(m_key));
    return accept();
}

bool ObjectInspector::setSpline(const QString &spline)
{
    auto kind = document::splineKindFromName(spline.toStdString());
    if (!m_rail) return false;
    if (!kind) return refuse("unknown spline type '" + spline.toStdString() + "'");
    document::setRailSpline(m_document, m_id.id, *kind);
    return accept();
}

QString ObjectInspector::splineChangeWarning(const QString &spline) const
{
    auto kind = document::splineKindFromName(spline.toStdString());
    if (!m_rail || !kind) return {};
    return QString::fromStdString(document::splineChangeWarning(*m_rail, *kind));
}

int ObjectInspector::railPoint() const
{
    const int point = m_rail ? m_selection.railPoint() : -1;
    return point >= 0 && std::size_t(point) < m_rail->points.size() ? point : -1;
}

QString ObjectInspector::pointMode() const
{
    const int point = railPoint();
    if (point < 0) return {};
    return QString::fromLatin1(document::handleModeName(document::pointHandles(*m_rail, std::size_t(point)).mode));
}

QList<double> ObjectInspector::handleOffset(bool out) const
{
    const int point = railPoint();
    if (point < 0) return {0, 0, 0};
    const document::PointHandles h = document::shownHandles(*m_rail, std::size_t(point));
    const document::Vec3 v = out ? h.out : h.in;
    return {v.x, v.y, v.z};
}

double ObjectInspector::pointTilt() const
{
    const int point = railPoint();
    return point < 0 ? 0.0 : document::pointTilt(*m_rail, std::size_t(point));
}

bool ObjectInspector::selectPoint(int index)
{
    if (!m_rail || index < 0 || std::size_t(index) >= m_rail->points.size()) return false;
    m_selection.setRailPoint(m_id, index);
    return true;
}

bool ObjectInspector::setPointMode(const QString &mode)
{
    const int point = railPoint();
    auto parsed = document::handleModeFromName(mode.toStdString());
    if (point < 0) return false;
    if (!parsed) return refuse("unknown handle mode '" + mode.toStdString() + "'");
    if (m_rail->spline != document::SplineKind::Bezier)
        return refuse("handles belong to bezier rails: change the spline to bezier first");
    document::setRailHandleMode(m_document, m_id.id, std::size_t(point), *parsed);
    return accept();
}

bool ObjectInspector::setHandle(bool out, int axis, double value)
{
    const int point = railPoint();
    if (point < 0 || axis < 0 || axis > 2) return false;
    if (m_rail->spline != document::SplineKind::Bezier)
        return refuse("handles belong to bezier rails: change the spline to bezier first");
    if (auto why = document::whyBadCoordinate(value, "a handle offset"); !why.empty()) return refuse(why);
    const document::PointHandles h = document::shownHandles(*m_rail, std::size_t(point));
    if (h.mode == document::HandleMode::Corner) return refuse("a corner has no handles: choose another mode first");
    document::Vec3 offset = out ? h.out : h.in;
    (axis == 0 ? offset.x : axis == 1 ? offset.y : offset.z) = value;
    document::moveRailHandle(m_document, m_id.id, std::size_t(point),
                             out ? document::HandleSide::Out : document::HandleSide::In, offset, false);
    return accept();
}

bool ObjectInspector::setPointTilt(double degrees)
{
    const int point = railPoint();
    if (point < 0) return false;
    if (auto why = document::whyBadTilt(degrees); !why.empty()) return refuse(why);
    document::setRailPointTilt(m_document, m_id.id, std::size_t(point), degrees);
    return accept();
}

bool ObjectInspector::setAlpha(double alpha)
{
    auto object = editable();
    auto *rail = object ? std::get_if<document::Rail>(&object->second) : nullptr;
    if (!rail) return false;
    if (auto why = document::whyBadAlpha(alpha); !why.empty()) return refuse(why);
    rail->alpha = alpha;
    commit(std::move(object->second), tr("Rail %1: alpha %2").arg(objectId()).arg(alpha));
    return accept();
}

bool ObjectInspector::setClosed(bool closed)
{
    auto object = editable();
    auto *rail = object ? std::get_if<document::Rail>(&object->second) : nullptr;
    if (!rail) return false;
    if (auto why = document::whyRailCannotClose(*rail); closed && !why.empty()) return refuse(why);
    // A closed rail has no ends: one in a junction stays open until the junction lets it go.
    if (const std::string junction = document::junctionOfRailEnds(m_document.level(), rail->id);
        closed && !junction.empty())
        return refuse("its ends are in junction '" + junction + "': a closed rail has no ends to join");
    rail->closed = closed;
    commit(std::move(object->second),
           closed ? tr("Close rail %1").arg(objectId()) : tr("Open rail %1").arg(objectId()));
    return accept();
}

bool ObjectInspector::setRailPoint(int index, int axis, double value)
{
    auto object = editable();
    auto *rail = object ? std::get_if<document::Rail>(&object->second) : nullptr;
    if (!rail || index < 0 || std::size_t(index) >= rail->points.size() || axis < 0 || axis > 2) return false;
    if (auto why = document::whyBadCoordinate(value, "a coordinate"); !why.empty()) return refuse(why);
    auto &p = rail->points[std::size_t(index)];
    (axis == 0 ? p.x : axis == 1 ? p.y : p.z) = value;
    if (const std::string why = document::moveRailPoint(m_document, m_id.id, std::size_t(index), p); !why.empty())
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
        if (auto why = document::whyBadCost(ok ? value : -1); !why.empty()) return refuse(why);
        edge->cost = value;
    }
    commit(std::move(object->second), tr("Edge %1 cost").arg(objectId()));
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
    document::changeObjects(m_document, std::move(edits), text);
    return true;
}

bool ObjectInspector::setSharedHeight(double z)
{
    if (auto why = document::whyBadCoordinate(z, "a height"); !why.empty()) return refuse(why);
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
