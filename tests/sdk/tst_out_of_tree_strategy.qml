// The plugin of docs/writing-a-strategy.md, built out of tree against the installed SDK, in the real
// editor: the smoothing panel offers it, real clicks add it to a patrol, its slider (generated from
// its plugin.json) tunes it, and the patrol preview is its output. test_sdk.py runs this file with
// RAILFORGE_PLUGIN_PATH set to the plugin's build folder; the normal UI suite does not.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "OutOfTreeStrategy"
    when: windowShown

    property var win: null
    property var editor: null

    Component {
        id: mainWindow
        Main {}
    }

    // The visible control of a generated parameter row.
    function controlOf(row) {
        for (let i = 0; i < row.children.length; ++i)
            if (row.children[i].objectName === "control" && row.children[i].visible) return row.children[i]
        return null
    }

    function spacingParameter() {
        return editor.pipeline.steps("patrol:p1")[0].params.find(p => p.name === "spacing").value
    }

    // The patrol a -> b -> c of small.yaml runs along (0,0)-(10,0)-(10,10): 20 long. Resampled at
    // `spacing`, point k sits at arc length k * spacing, and the last point is c.
    function verifyResampled(points, spacing) {
        const count = Math.floor(20 / spacing + 1e-9) + 1
        const endsOnGrid = Math.abs(20 - (count - 1) * spacing) < 1e-9
        compare(points.length, endsOnGrid ? count : count + 1, "points for spacing " + spacing)
        for (let k = 0; k < count; ++k) {
            const p = points[k]
            const arc = p[1] === 0 ? p[0] : 10 + p[1]
            verify(p[1] === 0 || Math.abs(p[0] - 10) < 1e-9, "point " + k + " lies on the path: " + p)
            verify(Math.abs(arc - k * spacing) < 1e-9, "point " + k + " at arc length " + arc)
        }
        compare(points[points.length - 1], [10, 10, 0])
    }

    function test_resampleInTheEditor() {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: testData.small })
        waitForRendering(win.contentItem)
        editor = win.editor
        mouseClick(findChild(win.contentItem, "outliner:patrol:p1"))
        compare(editor.selection.keys, ["patrol:p1"])
        waitForRendering(win.contentItem)

        const index = editor.pipeline.strategies.findIndex(s => s.id === "resample")
        verify(index >= 0, "the editor lists the out-of-tree strategy")
        compare(editor.pipeline.strategies[index].name, "Resample")

        // Pick it in the panel's strategy box with the keyboard and add it with a click.
        const box = findChild(win.contentItem, "strategyBox")
        box.forceActiveFocus()
        while (box.currentIndex < index) keyClick(Qt.Key_Down)
        while (box.currentIndex > index) keyClick(Qt.Key_Up)
        mouseClick(findChild(win.contentItem, "addStep"))
        compare(editor.pipeline.steps("patrol:p1").length, 1)
        compare(editor.pipeline.steps("patrol:p1")[0].strategy, "resample")
        compare(spacingParameter(), 1)

        // The preview runs the plugin off the UI thread: 21 points, 1 apart.
        tryVerify(() => editor.pipeline.routePoints("patrol:p1").length === 21, 5000)
        compare(editor.pipeline.routeError("patrol:p1"), "")
        verifyResampled(editor.pipeline.routePoints("patrol:p1"), 1)

        // Its spacing slider: a click where about 5 lies sets a larger spacing; the preview follows.
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        waitForRendering(win.contentItem)
        const slider = controlOf(findChild(findChild(win.contentItem, "step0"), "param_spacing"))
        verify(slider !== null, "a control for the spacing parameter")
        // (the handle's centre travels over the available width less the handle)
        const travel = slider.availableWidth - slider.handle.width
        const at = slider.leftPadding + slider.handle.width / 2 + (5 - slider.from) / (slider.to - slider.from) * travel
        mouseClick(slider, at, slider.height / 2)
        const spacing = spacingParameter()
        verify(spacing > 2 && spacing < 20, "the click set the spacing: " + spacing)
        tryVerify(() => editor.pipeline.routePoints("patrol:p1").length < 21, 5000)
        verifyResampled(editor.pipeline.routePoints("patrol:p1"), spacing)

        // Undo takes the step back out; the preview is the raw A* path again.
        editor.undo()
        editor.undo()
        compare(editor.pipeline.steps("patrol:p1").length, 0)
        tryVerify(() => editor.pipeline.routePoints("patrol:p1").length === 3, 5000)
    }
}
