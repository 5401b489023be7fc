// A number field that always shows its `value`, rounded to `decimals` (the zoom's precision; the
// tooltip has the exact value). Leaving the field without typing changes nothing; a typed number is
// committed exactly as typed. Text that is not a number, or a number outside [minimum, maximum],
// is refused at the field with what is allowed (EditField); so is what `accept` refuses. The text
// is set imperatively and re-set whenever the value changes, so no edit can leave it showing
// another object's number.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

EditField {
    id: field

    property real value: 0
    property int decimals: 3
    property real minimum: -1e9
    property real maximum: 1e9
    property bool integer: false
    // Applies a typed number; "" when taken, else why not (e.g. the inspector's lastError).
    property var accept: function(v) { return "" }

    function format(v) {
        let text = Number(v).toFixed(integer ? 0 : decimals)
        if (text.indexOf(".") >= 0)
            text = text.replace(/0+$/, "").replace(/\.$/, "")
        return text === "-0" ? "0" : text
    }
    // A bound as a designer reads it: 1e9, not 1000000000.
    function shortNumber(v) {
        return Math.abs(v) >= 1e6 ? Number(v).toExponential().replace("e+", "e") : String(v)
    }
    // The allowed range, in words.
    function range() {
        return (integer ? qsTr("whole, %1 to %2") : qsTr("%1 to %2")).arg(shortNumber(minimum)).arg(shortNumber(maximum))
    }
    // Why `typed` is not a number this field takes ("" when it is).
    function whyNot(typed) {
        if (typed === "")
            return qsTr("empty: type a number (%1)").arg(range())
        if (/^[+-]?\d+,\d+$/.test(typed))
            return qsTr("\"%1\": use a dot for decimals, %2 (%3)").arg(typed).arg(typed.replace(",", ".")).arg(range())
        if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(typed))
            return qsTr("\"%1\" is not a number (%2)").arg(typed).arg(range())
        const v = Number(typed)
        if (!isFinite(v) || v < minimum || v > maximum)
            return qsTr("%1 is outside %2").arg(typed).arg(range())
        if (integer && !Number.isInteger(v))
            return qsTr("%1 is not a whole number (%2)").arg(typed).arg(range())
        return ""
    }

    submit: typed => {
        const why = whyNot(typed)
        if (why !== "")
            return why
        const v = Number(typed)
        return v === value ? "" : field.accept(v)
    }
    shownText: () => format(value)

    horizontalAlignment: Text.AlignRight
    Layout.fillWidth: true
    Layout.minimumWidth: 64
    // Only when it tells more than the field shows (the exact value behind a rounded one, or why a
    // text was refused): a tooltip that repeats the text hangs over the field like a ghost of it
    // right after Enter, while the pointer still rests there.
    readonly property bool tipShown: hovered && !activeFocus && (problem !== "" || text !== String(value))
    ToolTip.visible: tipShown
    ToolTip.text: field.problem !== "" ? field.problem : String(value)
    ToolTip.delay: 600

    Component.onCompleted: show()
    onValueChanged: show()
    onDecimalsChanged: if (!edited) show()
}
