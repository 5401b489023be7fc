// The canvas: draws the level (grid, obstacles, edges, rails, waypoints) and handles
// pan (middle drag, Space+drag) and zoom (wheel at the cursor).
#pragma once

#include "app/view_transform.h"
#include "document/level_document.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class LevelView : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::document::LevelDocument *document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(double zoom READ zoom WRITE setZoom NOTIFY viewChanged)
    Q_PROPERTY(QPointF center READ center WRITE setCenter NOTIFY viewChanged)
    Q_PROPERTY(QPointF cursorWorld READ cursorWorld NOTIFY cursorWorldChanged)
    Q_PROPERTY(bool cursorInside READ cursorInside NOTIFY cursorWorldChanged)
    Q_PROPERTY(QString hoveredId READ hoveredId NOTIFY hoveredIdChanged)
    Q_PROPERTY(bool panning READ panning NOTIFY panningChanged)
public:
    explicit LevelView(QQuickItem *parent = nullptr);

    document::LevelDocument *document() const { return m_document; }
    void setDocument(document::LevelDocument *document);
    // Pixels per world unit.
    double zoom() const { return m_view.scale; }
    void setZoom(double zoom);
    // World point at the middle of the canvas.
    QPointF center() const { return m_view.center; }
    void setCenter(QPointF center);
    QPointF cursorWorld() const { return m_cursorWorld; }
    bool cursorInside() const { return m_cursorInside; }
    QString hoveredId() const { return m_hoveredId; }
    bool panning() const { return m_panning; }

    // Frames the whole level (or the origin when empty).
    Q_INVOKABLE void fitToLevel();
    // World -> item pixels and back.
    Q_INVOKABLE QPointF toScreen(QPointF world) const { return m_view.toScreen(world); }
    Q_INVOKABLE QPointF toWorld(QPointF screen) const { return m_view.toWorld(screen); }
    // Zooms by `factor` about the item point `screen` (the wheel does this too).
    Q_INVOKABLE void zoomAt(QPointF screen, double factor);

    void paint(QPainter *painter) override;

    static constexpr double kMinZoom = 0.01;
    static constexpr double kMaxZoom = 2000.0;

signals:
    void documentChanged();
    void viewChanged();
    void cursorWorldChanged();
    void hoveredIdChanged();
    void panningChanged();

protected:
    void geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void hoverEnterEvent(QHoverEvent *event) override;
    void hoverMoveEvent(QHoverEvent *event) override;
    void hoverLeaveEvent(QHoverEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;

private:
    void onLevelChanged();
    void updateCursor(QPointF screen);
    void setPanning(bool panning);
    QString waypointAt(QPointF screen) const;

    QPointer<document::LevelDocument> m_document;
    ViewTransform m_view;
    bool m_autoFit = true; // refit on resize until the designer pans or zooms
    QPointF m_cursorWorld;
    bool m_cursorInside = false;
    QString m_hoveredId;
    bool m_spaceHeld = false;
    bool m_panning = false;
    QPointF m_panLast;
};

} // namespace railforge::app
