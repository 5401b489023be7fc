// A menu item that shows its action's shortcut on the right, as desktop menus do. Its width fits
// the text and the shortcut side by side, so a long "Undo …" never runs over its shortcut.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

MenuItem {
    id: item

    readonly property string shortcutText: item.action && item.action.shortcut ? item.action.shortcut.toString() : ""

    implicitWidth: Math.max(240, textLabel.implicitWidth + shortcutLabel.implicitWidth + 24
                            + leftPadding + rightPadding + (indicator ? indicator.width : 0))
    contentItem: RowLayout {
        spacing: 24
        Label {
            id: textLabel
            objectName: "menuText"
            text: item.text.replace("&", "")
            color: item.enabled ? Theme.text : Theme.textDim
            elide: Text.ElideRight
            Layout.fillWidth: true
            leftPadding: item.checkable ? (item.indicator ? item.indicator.width : 0) : 0
        }
        Label {
            id: shortcutLabel
            objectName: "menuShortcut"
            text: item.shortcutText
            color: Theme.textDim
        }
    }
}
