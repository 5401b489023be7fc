// A menu item that shows its action's shortcut on the right, as desktop menus do.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

MenuItem {
    id: item
    implicitWidth: Math.max(240, implicitContentWidth + leftPadding + rightPadding)
    contentItem: RowLayout {
        spacing: 24
        Label {
            text: item.text.replace("&", "")
            color: item.enabled ? Theme.text : Theme.textDim
            Layout.fillWidth: true
        }
        Label {
            text: item.action && item.action.shortcut ? item.action.shortcut.toString() : ""
            color: Theme.textDim
        }
    }
}
