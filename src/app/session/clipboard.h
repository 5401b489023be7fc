// Copy, paste and duplicate of the selection. Paste puts the copies at the cursor (the copied
// objects keep their arrangement around it), or beside the originals when the cursor is elsewhere.
#pragma once

#include "document/editing/level_document.h"

#include <QObject>
#include <QPointF>
#include <QtQml/qqmlregistration.h>

#include <functional>

namespace railforge::app {

class Selection;

class Clipboard : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(bool empty READ empty NOTIFY contentChanged)
public:
    Clipboard(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    bool empty() const;
    Q_INVOKABLE void copy();
    // Pastes with the copies' centre at `world`; with `gridStep` > 0 (snapping on) the copies move by a
    // whole number of grid steps, so copies of objects on the grid land on the grid.
    Q_INVOKABLE void pasteAt(QPointF world, double gridStep = 0);
    // Pastes a little beside the originals (when there is no cursor on the canvas).
    Q_INVOKABLE void paste(double step = 1.0);
    // Copy + paste beside the originals.
    Q_INVOKABLE void duplicate(double step = 1.0);

    // Where a pasted point of a kind lands in height at plan (x, y), from its copied height: the
    // editor's snap to ground (GroundEditing::placedHeight). Without one, copies keep their heights.
    using HeightPlacer = std::function<double(double x, double y, document::ObjectKind kind, double copied)>;
    void setHeightPlacer(HeightPlacer placer) { m_placeHeight = std::move(placer); }

signals:
    void contentChanged();

private:
    void pasteWithOffset(document::Vec3 offset);
    // The centre of the copied objects' bounding box in the plan.
    QPointF centre() const;

    document::LevelDocument &m_document;
    Selection &m_selection;
    document::Level m_content;
    int m_pasteCount = 0;
    HeightPlacer m_placeHeight;
};

} // namespace railforge::app
