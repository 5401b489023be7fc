// The level's references for the outliner's References section: each one's id, kind, file, whether
// its file can be read, shown, locked, its opacity (images); and the edits of them, each one undo
// step: show, lock, opacity, add an image, remove, and place an image by two points (calibration).
#pragma once

#include "app/ground/ground_model.h"
#include "document/editing/level_document.h"

#include <QAbstractListModel>
#include <QPointF>
#include <QSize>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ReferenceList : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("belongs to the EditorController")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    // The row of the one selected object when it is a reference (the inspector shows it), or -1;
    // setting it selects that reference.
    Q_PROPERTY(int current READ current WRITE setCurrent NOTIFY currentChanged)
    // The current reference's values for the inspector (empty without one).
    Q_PROPERTY(QVariantMap currentValues READ currentValues NOTIFY currentChanged)
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        KindRole,
        FileRole,
        MissingRole, // the file was refused or cannot be read
        ProblemRole, // why, in a sentence
        ShownRole,
        LockedRole,
        OpacityRole,
        RectRole
    };
    Q_ENUM(Role)

    ReferenceList(document::LevelDocument &document, class Selection &selection, const GroundModel &ground,
                  QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return rowCount(); }
    int current() const { return m_current; }
    void setCurrent(int row);
    QVariantMap currentValues() const;

    // Placement edits of reference `row`, one undo step each; false with lastError when refused
    // (the same rules as the level file's).
    Q_INVOKABLE bool setRect(int row, double x0, double y0, double x1, double y1);
    Q_INVOKABLE bool setZRange(int row, double zMin, double zMax);
    Q_INVOKABLE bool setTransform(int row, double scale, double rotate, double x, double y, double z);
    Q_INVOKABLE bool setUp(int row, const QString &up);
    Q_INVOKABLE bool setGround(int row, bool ground);
    // The colour the 3D view draws a mesh or heightmap in: "#RRGGBB", or "" for the default.
    Q_INVOKABLE bool setColor(int row, const QString &color);

    // Shows or hides (locks or unlocks) reference `row` and, when it is selected, every selected
    // reference with it: one undo step.
    Q_INVOKABLE bool setShown(int row, bool shown);
    Q_INVOKABLE bool setLocked(int row, bool locked);
    Q_INVOKABLE bool setOpacity(int row, double opacity);
    // Adds an image file (a path or file URL) as a reference, its path relative to the level's
    // folder, one level unit per 10 pixels at the origin until it is calibrated; false with
    // lastError when it is not a readable image.
    Q_INVOKABLE bool addImage(const QString &path);
    // Adds a file as a reference of `kind` ("image", "mesh" or "heightmap"), checked by the project's
    // rules before anything is read: a mesh with y up at the origin, a heightmap one level unit per
    // pixel from black at 0 to white at 10, both ground; false with lastError when the file is refused
    // or not of that kind. One undo step.
    Q_INVOKABLE bool add(const QString &path, const QString &kind);
    Q_INVOKABLE bool remove(int row);
    // The world point `world` as a point of image `row` (pixels from its top-left corner).
    Q_INVOKABLE QPointF imagePointAt(int row, QPointF world) const;
    // The image's size in pixels (empty when it cannot be read).
    Q_INVOKABLE QSize imageSize(int row) const;
    // Places image `row` so that its points `a` and `b` (pixels) lie at world points `worldA` and
    // `worldB`; one undo step. False with lastError when the points coincide or it is locked.
    Q_INVOKABLE bool calibrate(int row, QPointF a, QPointF worldA, QPointF b, QPointF worldB);
    Q_INVOKABLE QString lastError() const { return m_lastError; }

signals:
    void countChanged();
    void currentChanged();

private:
    void reset();
    bool edit(int row, const std::function<bool(document::Reference &)> &change, const QString &text);

    document::LevelDocument &m_document;
    class Selection &m_selection;
    const GroundModel &m_ground;
    std::vector<document::Reference> m_shown; // as the rows show them
    int m_current = -1;                       // follows the selection (followSelection)
    void followSelection();
    // Applies `change` to reference `row` and, when it is selected, to every selected reference:
    // one undo step named `one` (or `several` with %1 the count).
    bool editWithSelected(int row, const std::function<void(document::Reference &)> &change, const QString &one,
                          const QString &several);
    QString m_lastError;
};

} // namespace railforge::app
