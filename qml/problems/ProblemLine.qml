// The line under a group of fields that says why a typed value was refused. Its height is always
// reserved, so a message appearing or going moves nothing under the pointer; a message too long for
// it is elided, whole in the tooltip (and in the refused field's own tooltip).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Label {
    id: line

    // The first refusal among the group's fields ("" when none).
    property string problem: ""

    text: problem
    color: Theme.error
    font.pixelSize: 11
    elide: Text.ElideRight
    Layout.fillWidth: true
    Layout.preferredHeight: Math.ceil(fontMetrics.height)
    verticalAlignment: Text.AlignTop
    ToolTip.visible: truncated && hover.hovered
    ToolTip.text: problem
    HoverHandler { id: hover }
    FontMetrics { id: fontMetrics; font: line.font }
}
