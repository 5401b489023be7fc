// A text field of a panel (inspector, smoothing) that never changes data behind the designer's back:
// - Enter commits and gives the keys back to the canvas (tool shortcuts work at once); Esc puts the
//   standing value back and gives the keys back too;
// - a refused value keeps the typed text and a red frame, and `problem` says why (what is wrong and
//   what is allowed), shown by the panel in a line reserved for it, until corrected or Esc;
// - leaving the field (a click elsewhere) commits like Enter.
// The user supplies `submit(text)`, which applies the text and returns "" or the reason it refused
// it, and `shownText()`, the standing value as the field shows it.
import QtQuick
import QtQuick.Controls
import RailForge

TextField {
    id: field

    // Why the typed text was refused ("" when nothing is refused).
    property string problem: ""
    // The designer typed since the field last showed its standing value.
    property bool edited: false
    // Applies the typed text; "" when taken, else the reason it was refused.
    property var submit: function(text) { return "" }
    // The standing value, as text.
    property var shownText: function() { return "" }
    // Enter and Esc give the keys back to the canvas (false in a dialog, which keeps them).
    property bool returnsKeys: true

    // Puts the standing value in the field (and forgets a refused text).
    function show() {
        problem = ""
        edited = false
        text = shownText()
    }
    // The canvas takes the keyboard again (Main.qml's canvas, through the window).
    function giveKeysBack() {
        if (!returnsKeys)
            return
        const window = Window.window
        if (window && window.canvas)
            window.canvas.forceActiveFocus()
    }
    function commit() {
        if (!edited)
            return true
        const why = submit(text.trim())
        if (why !== "") {
            problem = why
            return false
        }
        show()
        return true
    }

    selectByMouse: true
    onTextEdited: edited = true
    onEditingFinished: commit()
    Keys.onReturnPressed: event => { event.accepted = true; if (commit()) giveKeysBack() }
    Keys.onEnterPressed: event => { event.accepted = true; if (commit()) giveKeysBack() }
    Keys.onEscapePressed: event => { event.accepted = true; show(); giveKeysBack() }

    // The red frame of a refused value.
    Rectangle {
        anchors.fill: parent
        color: "transparent"
        border.color: Theme.error
        border.width: 1
        radius: 2
        visible: field.problem !== ""
    }
}
