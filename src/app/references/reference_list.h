// The level's references for the outliner's References section: each one's id, kind, file, whether
// its file can be read, shown, locked, its opacity (images); and the edits of them, each one undo
// step: show, lock, opacity, add an image, remove, and place an image by two points (calibration).
#pragma once

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
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        KindRole,
        FileRole,
        MissingRole,
        ShownRole,
        LockedRole,
        OpacityRole,
        RectRole
    };
    Q_ENUM(Role)

    explicit ReferenceList(document::LevelDocument &document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return rowCount(); }

    Q_INVOKABLE bool setShown(int row, bool shown);
    Q_INVOKABLE bool setLocked(int row, bool locked);
    Q_INVOKABLE bool setOpacity(int row, double opacity);
    // Adds an image file (a path or file URL) as a reference, its path relative to the level's
    // folder, one level unit per 10 pixels at the origin until it is calibrated; false with
    // lastError when it is not a readable image.
    Q_INVOKABLE bool addImage(const QString &path);
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

private:
    void reset();
    bool edit(int row, const std::function<bool(document::Reference &)> &change, const QString &text);
    QString absolutePath(const document::Reference &reference) const;

    document::LevelDocument &m_document;
    std::vector<document::Reference> m_shown; // as the rows show them
    QString m_lastError;
};

} // namespace railforge::app
