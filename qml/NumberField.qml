// A number field that always shows its `value`, rounded to `decimals` (the zoom's precision; the
// tooltip has the exact value). Leaving the field without typing changes nothing; a typed number
// is committed exactly as typed. The text is set imperatively and re-set whenever the value
// changes, so no edit can leave it showing another object's number.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

TextField {
    id: field

    property real value: 0
    property int decimals: 3
    // The designer typed since the field last showed `value`.
    property bool edited: false

    signal committed(real value)

    function format(v) {
        let text = Number(v).toFixed(decimals)
        if (text.indexOf(".") >= 0)
            text = text.replace(/0+$/, "").replace(/\.$/, "")
        return text === "-0" ? "0" : text
    }
    function show() {
        text = format(value)
        edited = false
    }

    selectByMouse: true
    horizontalAlignment: Text.AlignRight
    Layout.fillWidth: true
    Layout.minimumWidth: 64
    ToolTip.visible: hovered && !activeFocus
    ToolTip.text: String(value)
    ToolTip.delay: 600

    Component.onCompleted: show()
    onValueChanged: show()
    onDecimalsChanged: if (!edited) show()
    onTextEdited: edited = true
    onEditingFinished: {
        const typed = text.trim()
        const v = Number(typed)
        if (edited && typed !== "" && isFinite(v) && v !== value) {
            edited = false
            committed(v)
        }
        show()
    }
}
