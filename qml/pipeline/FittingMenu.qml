// A menu as wide as its widest item (text and shortcut side by side), so no entry is cut: Qt's Menu
// keeps a fixed width whatever its items need ("Snap to grid and wa…").
import QtQuick
import QtQuick.Controls
import RailForge

Menu {
    id: menu

    function fit() {
        let widest = 200
        for (let i = 0; i < count; ++i) {
            const item = itemAt(i)
            if (item)
                widest = Math.max(widest, item.implicitWidth)
        }
        width = widest + leftPadding + rightPadding
    }

    onAboutToShow: fit()
}
