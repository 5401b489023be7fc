// Inspector, a rail (docs/ui.md "Inspector"): its spline, frame mode, alpha and whether it is closed,
// its control points' coordinates, and the active point's handle mode, handles, tilt and bank; the
// edits of each, one undo step, and banking for a speed. The id and custom properties are
// ObjectInspector's, as for every kind.
#pragma once

#include "app/inspector/inspector_base.h"

#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class RailInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The editor owns it")
    // The one selected rail ("rail:id"), or "" when none (or more than one object) is selected.
    Q_PROPERTY(QString key READ key NOTIFY changed)
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
    // Where the last Bank… held the bank short of the speed's to keep the roll rate ("" when nowhere).
    Q_PROPERTY(QString bankNote READ bankNote NOTIFY changed)
public:
    RailInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    QString key() const { return m_rail ? Selection::keyOf(m_id) : QString(); }
    QString spline() const;
    QString frame() const;
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
    double pointBank() const;

    // Changes the spline type keeping the shape where it can (catmull-rom or linear -> bezier exactly).
    Q_INVOKABLE bool setSpline(const QString &spline);
    // What setSpline(spline) would change about the curve ("" when nothing), to confirm first.
    Q_INVOKABLE QString splineChangeWarning(const QString &spline) const;
    // Makes control point `index` of the rail the active one.
    Q_INVOKABLE bool selectPoint(int index);
    // The active point's handle mode (auto, mirrored, aligned, free, corner), one handle coordinate
    // (following the mode, as a drag does), and tilt.
    Q_INVOKABLE bool setPointMode(const QString &mode);
    Q_INVOKABLE bool setHandle(bool out, int axis, double value);
    Q_INVOKABLE bool setPointTilt(double degrees);
    Q_INVOKABLE bool setFrame(const QString &frame);
    // Banks the rail for a rider at `speed` m/s (each point's tilt so that no lateral force is felt
    // there), at most `maxBank` degrees, rolling at most `maxRollRate` degrees a metre; only the
    // active point when `activePointOnly`. One undo step. bankNote then says where the roll rate
    // kept the bank short of the speed's ("" when nowhere).
    Q_INVOKABLE bool bankForSpeed(double speed, double maxBank, double maxRollRate, bool activePointOnly);
    // The same at the speed the rail's `speed` channel gives at each point (false without one).
    Q_INVOKABLE bool bankForSpeedChannel(double maxBank, double maxRollRate, bool activePointOnly);
    QString bankNote() const { return m_bankNote; }
    Q_INVOKABLE bool setAlpha(double alpha);
    Q_INVOKABLE bool setClosed(bool closed);
    // One coordinate of one control point.
    Q_INVOKABLE bool setRailPoint(int index, int axis, double value);

signals:
    void changed();

private:
    void refresh() override;
    // The rail as an editable copy, or nothing.
    std::optional<document::Rail> editable() const;
    // The edit as one undo step: "" when taken, else why the document refused it.
    std::string commit(document::Rail edited, const QString &text);
    // Banks the rail at `speed`, or at its speed channel when none (bankForSpeed, bankForSpeedChannel).
    bool bank(std::optional<double> speed, double maxBank, double maxRollRate, bool activePointOnly);
    QList<double> handleOffset(bool out) const;
    QString railId() const { return QString::fromStdString(m_id.id); }

    document::ObjectId m_id;
    const document::Rail *m_rail = nullptr;        // into the document's level, reset on every change
    std::size_t m_index = 0;                       // its index in the level's rails
    QList<double> m_pointXs, m_pointYs, m_pointZs; // its points, as of the last refresh
    QString m_bankNote;                            // what the last bank could not reach
};

} // namespace railforge::app
