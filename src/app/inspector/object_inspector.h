// The Inspector's model: the selected object's fields as typed properties (no maps), and the edits
// of each field as one undo step. Every field always shows the selected object: the properties
// change whenever the selection or the level does. With several objects selected it edits what they
// share (height, custom properties).
#pragma once

#include "app/inspector/property_list_model.h"
#include "core/frames.h"
#include "document/editing/level_document.h"

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <optional>

namespace railforge::app {

class Selection;

class ObjectInspector : public QObject {
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
    // Rails.
    Q_PROPERTY(QString spline READ spline NOTIFY changed)
    // "upright" or "minimal-twist" (core/frames.h FrameMode).
    Q_PROPERTY(QString frame READ frame NOTIFY changed)
    Q_PROPERTY(double alpha READ alpha NOTIFY changed)
    Q_PROPERTY(bool closed READ closed NOTIFY changed)
    Q_PROPERTY(bool canClose READ canClose NOTIFY changed)
    Q_PROPERTY(QList<double> pointXs READ pointXs NOTIFY changed)
    Q_PROPERTY(QList<double> pointYs READ pointYs NOTIFY changed)
    Q_PROPERTY(QList<double> pointZs READ pointZs NOTIFY changed)
    // The active point of the rail (Selection::railPoint): its handle mode, handle offsets [x, y, z]
    // as the curve uses them (auto ones computed), and tilt in degrees.
    Q_PROPERTY(int railPoint READ railPoint NOTIFY changed)
    Q_PROPERTY(QString pointMode READ pointMode NOTIFY changed)
    Q_PROPERTY(QList<double> handleIn READ handleIn NOTIFY changed)
    Q_PROPERTY(QList<double> handleOut READ handleOut NOTIFY changed)
    Q_PROPERTY(double pointTilt READ pointTilt NOTIFY changed)
    // The bank at the active point in degrees: the up vector's roll from upright (tilt plus, on a
    // minimal-twist rail, the twist its frame picked up).
    Q_PROPERTY(double pointBank READ pointBank NOTIFY changed)
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
    Q_PROPERTY(QString sharedHeight READ sharedHeight NOTIFY changed)
    // Why the last edit was refused ("" after a successful one).
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
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
    QString spline() const;
    QString frame() const;
    double pointBank() const;
    double alpha() const { return m_rail ? m_rail->alpha : 0.5; }
    bool closed() const { return m_rail && m_rail->closed; }
    bool canClose() const;
    QList<double> pointXs() const { return m_pointXs; }
    QList<double> pointYs() const { return m_pointYs; }
    QList<double> pointZs() const { return m_pointZs; }
    int railPoint() const;
    QString pointMode() const;
    QList<double> handleIn() const { return handleOffset(false); }
    QList<double> handleOut() const { return handleOffset(true); }
    double pointTilt() const;
    QString mode() const;
    QStringList stops() const;
    QString from() const { return m_edge ? QString::fromStdString(m_edge->from) : QString(); }
    QString to() const { return m_edge ? QString::fromStdString(m_edge->to) : QString(); }
    bool bidirectional() const { return m_edge && m_edge->bidirectional; }
    bool hasCost() const { return m_edge && m_edge->cost.has_value(); }
    double cost() const { return hasCost() ? *m_edge->cost : 0.0; }
    PropertyListModel *properties() { return &m_properties; }
    bool canEditSharedHeight() const;
    QString sharedHeight() const;
    QString lastError() const { return m_lastError; }

    // The edits of the selected object; false (and lastError) when refused. Each is one undo step.
    Q_INVOKABLE bool setId(const QString &id);
    // axis 0, 1, 2 = x, y, z of a waypoint or a circle's centre.
    Q_INVOKABLE bool setCoordinate(int axis, double value);
    Q_INVOKABLE bool setRadius(double radius);
    // Changes the spline type keeping the shape where it can (catmull-rom or linear -> bezier exactly).
    Q_INVOKABLE bool setSpline(const QString &spline);
    // What setSpline(spline) would change about the curve ("" when nothing), to confirm first.
    Q_INVOKABLE QString splineChangeWarning(const QString &spline) const;
    // Makes control point `index` of the selected rail the active one.
    Q_INVOKABLE bool selectPoint(int index);
    // The active point's handle mode (auto, mirrored, aligned, free, corner), one handle coordinate
    // (following the mode, as a drag does), and tilt.
    Q_INVOKABLE bool setPointMode(const QString &mode);
    Q_INVOKABLE bool setHandle(bool out, int axis, double value);
    Q_INVOKABLE bool setPointTilt(double degrees);
    // The rail's frame mode, one undo step.
    Q_INVOKABLE bool setFrame(const QString &frame);
    // Banks the rail for a rider at `speed` m/s (each point's tilt so that no lateral force is felt
    // there), at most `maxBank` degrees; only the active point when `activePointOnly`. One undo step.
    Q_INVOKABLE bool bankForSpeed(double speed, double maxBank, bool activePointOnly);
    // The same at the speed the rail's `speed` channel gives at each point (false without one).
    Q_INVOKABLE bool bankForSpeedChannel(double maxBank, bool activePointOnly);
    Q_INVOKABLE bool setAlpha(double alpha);
    Q_INVOKABLE bool setClosed(bool closed);
    // One coordinate of one rail control point.
    Q_INVOKABLE bool setRailPoint(int index, int axis, double value);
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
    void lastErrorChanged();

private:
    void refresh();
    bool refuse(const std::string &why);
    bool accept();
    // The selected object as an editable copy, or nothing.
    std::optional<std::pair<document::ObjectIndex, document::AnyObject>> editable() const;
    void commit(document::AnyObject edited, const QString &text);
    // Banks the rail at `speed`, or at its speed channel when none (bankForSpeed, bankForSpeedChannel).
    bool bank(std::optional<double> speed, double maxBank, bool activePointOnly);
    // Applies `edit` to a copy of every selected object it accepts (returns true for), as one undo
    // step named `text`; false when it accepted none.
    void showSharedProperties();
    bool editSelected(const QString &text, const std::function<bool(document::AnyObject &)> &edit);
    QList<double> pointCoordinates(double document::Vec3::*axis) const;
    QList<double> m_pointXs, m_pointYs, m_pointZs; // the inspected rail's points, as of the last refresh
    QList<double> handleOffset(bool out) const;

    document::LevelDocument &m_document;
    Selection &m_selection;
    PropertyListModel m_properties;
    QString m_key;
    document::ObjectId m_id;
    // Pointers into the document's level for the one selected object (reset on every change).
    const document::Waypoint *m_waypoint = nullptr;
    const document::Edge *m_edge = nullptr;
    const document::Obstacle *m_obstacle = nullptr;
    const document::Rail *m_rail = nullptr;
    const document::Patrol *m_patrol = nullptr;
    QString m_lastError;
};

} // namespace railforge::app
