// Colours and sizes of the editor chrome (the canvas has its own palette in C++).
pragma Singleton
import QtQuick

QtObject {
    readonly property color window: "#25272c"
    readonly property color panel: "#2b2e34"
    readonly property color panelHeader: "#32363d"
    readonly property color border: "#3c4048"
    readonly property color text: "#d7dce2"
    readonly property color textDim: "#8b939e"
    readonly property color base: "#1f2125"
    readonly property color highlight: "#2f7db3"
    readonly property color accent: "#4fc3f7"
    readonly property color error: "#ff6b6b"
    // A merge conflict's two versions, as the plan draws them (canvas_palette.h).
    readonly property color conflictOurs: "#7de38c"
    readonly property color conflictTheirs: "#ff6ed8"
    readonly property color warning: "#ffc857"
    readonly property int spacing: 6
    readonly property int headerHeight: 28
}
