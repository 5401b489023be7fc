// The Inspector's model for what every kind shares: the selected object's id and custom
// properties, and the fields of the small kinds (a waypoint's or circle's position, an edge, a
// patrol), each edit one undo step. Every field always shows the selected object: the properties
// change whenever the selection or the level does. With several objects selected it edits what they
// share (height, custom properties). Larger kinds have inspectors of their own (RailInspector,
// JunctionInspector, ReferenceList for references).
#pragma once

#include "app/inspector/inspector_base.h"
#include "app/inspector/property_list_model.h"
#include "document/editing/level_document.h"

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <optional>

namespace railforge::app {

class Selection;

class ObjectInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    // The one selected object ("kind:id"), or "" when none or several are selected.
    Q_PROPERTY(QString key READ key NOTIFY changed)
    Q_PROPERTY(QString kind READ kind NOTIFY changed)
    Q_PROPERTY(QString objectId READ objectId NOTIFY changed)
    Q_PROPERTY(int selectedCount READ selectedCount NOTIFY changed)
    // Waypoints and circles have a position; waypoints also a height.
    Q_PROPERTY(bool hasPosition READ hasPosition NOTIFY changed)
    Q_PROPERTY(bool hasHeight READ hasHeight NOTIFY changed)
    Q_PROPERTY(double x READ x NOTIFY changed)
    Q_PROPERTY(double y READ y NOTIFY changed)
    Q_PROPERTY(double z READ z NOTIFY changed)
    Q_PROPERTY(bool isCircle READ isCircle NOTIFY changed)
    Q_PROPERTY(double radius READ radius NOTIFY changed)
    // Patrols.
    Q_PROPERTY(QString mode READ mode NOTIFY changed)
    Q_PROPERTY(QStringList stops READ stops NOTIFY changed)
    // Edges.
    Q_PROPERTY(QString from READ from NOTIFY changed)
    Q_PROPERTY(QString to READ to NOTIFY changed)
    Q_PROPERTY(bool bidirectional READ bidirectional NOTIFY changed)
    Q_PROPERTY(bool hasCost READ hasCost NOTIFY changed)
    Q_PROPERTY(double cost READ cost NOTIFY changed)
    // Custom properties of the one selected object.
    Q_PROPERTY(railforge::app::PropertyListModel *properties READ properties CONSTANT)
    // Several objects selected: their common height ("" when they differ or none has one).
    Q_PROPERTY(bool canEditSharedHeight READ canEditSharedHeight NOTIFY changed)
    // Some selected object can hold custom properties (references cannot: they are never exported).
    Q_PROPERTY(bool hasProperties READ hasProperties NOTIFY changed)
    Q_PROPERTY(QString sharedHeight READ sharedHeight NOTIFY changed)
public:
    ObjectInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    QString key() const { return m_key; }
    QString kind() const;
    QString objectId() const { return QString::fromStdString(m_id.id); }
    int selectedCount() const;
    bool hasPosition() const;
    bool hasHeight() const { return m_waypoint != nullptr; }
    double x() const;
    double y() const;
    double z() const { return m_waypoint ? m_waypoint->position.z : 0.0; }
    bool isCircle() const;
    double radius() const;
    QString mode() const;
    QStringList stops() const;
    QString from() const { return m_edge ? QString::fromStdString(m_edge->from) : QString(); }
    QString to() const { return m_edge ? QString::fromStdString(m_edge->to) : QString(); }
    bool bidirectional() const { return m_edge && m_edge->bidirectional; }
    bool hasCost() const { return m_edge && m_edge->cost.has_value(); }
    double cost() const { return hasCost() ? *m_edge->cost : 0.0; }
    PropertyListModel *properties() { return &m_properties; }
    bool canEditSharedHeight() const;
    bool hasProperties() const;
    QString sharedHeight() const;

    // The edits of the selected object; false (and lastError) when refused. Each is one undo step.
    Q_INVOKABLE bool setId(const QString &id);
    // axis 0, 1, 2 = x, y, z of a waypoint or a circle's centre.
    Q_INVOKABLE bool setCoordinate(int axis, double value);
    Q_INVOKABLE bool setRadius(double radius);
    Q_INVOKABLE bool setMode(const QString &mode);
    Q_INVOKABLE bool setBidirectional(bool bidirectional);
    // An edge's cost from text; empty text goes back to the default (its length).
    Q_INVOKABLE bool setCost(const QString &cost);
    // Adds or changes a custom property from text in the given type, on the selected object or, with
    // several selected, on all of them (one undo step).
    Q_INVOKABLE bool setProperty(const QString &name, const QString &type, const QString &value);
    Q_INVOKABLE bool removeProperty(const QString &name);
    // Sets the height of every selected waypoint and every point of every selected rail.
    Q_INVOKABLE bool setSharedHeight(double z);

signals:
    void changed();

private:
    void refresh() override;
    // The selected object as an editable copy, or nothing.
    std::optional<std::pair<document::ObjectIndex, document::AnyObject>> editable() const;
    // The edit as one undo step: "" when taken, else why the document refused it.
    std::string commit(document::AnyObject edited, const QString &text);
    // Applies `edit` to a copy of every selected object it accepts (returns true for), as one undo
    // step named `text`; false when it accepted none.
    void showSharedProperties();
    bool editSelected(const QString &text, const std::function<bool(document::AnyObject &)> &edit);

    PropertyListModel m_properties;
    QString m_key;
    document::ObjectId m_id;
    // Pointers into the document's level for the one selected object (reset on every change).
    const document::Waypoint *m_waypoint = nullptr;
    const document::Edge *m_edge = nullptr;
    const document::Obstacle *m_obstacle = nullptr;
    const document::Patrol *m_patrol = nullptr;
};

} // namespace railforge::app
