// The smoothing panel with real clicks and keys: add, configure, disable, reorder and remove
// pipeline steps; the controls come from each strategy's metadata (the test reads them generically,
// naming no strategy); the preview follows; steps that cannot run get a red badge.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Smoothing"
    when: windowShown

    property var win: null
    property var editor: null

    Component {
        id: mainWindow
        Main {}
    }

    function open(file) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file })
        frames.waitForFrame(win.contentItem)
        editor = win.editor
        const row = findChild(win.contentItem, "outliner:patrol:p1")
        mouseClick(row)
        compare(editor.selection.keys, ["patrol:p1"])
        frames.waitForFrame(win.contentItem)
    }

    // Index in the strategy list of the first strategy that has a parameter of `type`.
    function strategyWith(type) {
        const list = editor.pipeline.strategies
        for (let i = 0; i < list.length; ++i) {
            editor.pipeline.addStep("patrol:p1", list[i].id)
            const steps = editor.pipeline.steps("patrol:p1")
            const params = steps[steps.length - 1].params
            editor.undo()
            for (const p of params)
                if (p.type === type)
                    return { index: i, param: p }
        }
        return null
    }

    function addViaPanel(index) {
        const box = findChild(win.contentItem, "strategyBox")
        box.forceActiveFocus()
        while (box.currentIndex < index) keyClick(Qt.Key_Down)
        while (box.currentIndex > index) keyClick(Qt.Key_Up)
        mouseClick(findChild(win.contentItem, "addStep"))
    }

    function stepItem(i) { return findChild(win.contentItem, "step" + i) }

    function test_addConfigureDisableReorderRemove() {
        open(testData.small)
        verify(editor.pipeline.strategies.length >= 1, "strategy plugins are loaded")
        const withInt = strategyWith("int")
        verify(withInt !== null, "some strategy has an int parameter")
        addViaPanel(withInt.index)
        let steps = editor.pipeline.steps("patrol:p1")
        compare(steps.length, 1)
        compare(steps[0].strategy, editor.pipeline.strategies[withInt.index].id)
        tryVerify(() => stepItem(0) !== null)
        frames.waitForFrame(win.contentItem)

        // The int parameter's field and its + button, found by the parameter's own name.
        const row = findChild(stepItem(0), "param_" + withInt.param.name)
        verify(row !== null)
        const intField = findChild(row, "intField")
        verify(intField !== null && intField.visible)
        const before = intField.value
        mouseClick(findChild(row, "intUp"))
        steps = editor.pipeline.steps("patrol:p1")
        const changed = steps[0].params.find(p => p.name === withInt.param.name)
        compare(changed.value, before + 1)

        // Off and on again.
        mouseClick(findChild(stepItem(0), "stepEnabled"))
        compare(editor.pipeline.steps("patrol:p1")[0].enabled, false)
        mouseClick(findChild(stepItem(0), "stepEnabled"))
        compare(editor.pipeline.steps("patrol:p1")[0].enabled, true)

        // A second step, then move it up.
        addViaPanel(0)
        tryVerify(() => stepItem(1) !== null)
        frames.waitForFrame(win.contentItem)
        const second = editor.pipeline.steps("patrol:p1")[1].strategy
        mouseClick(findChild(stepItem(1), "stepUp"))
        compare(editor.pipeline.steps("patrol:p1")[0].strategy, second)

        // Remove both; undo brings them back in order.
        frames.waitForFrame(win.contentItem)
        mouseClick(findChild(stepItem(0), "stepRemove"))
        frames.waitForFrame(win.contentItem)
        mouseClick(findChild(stepItem(0), "stepRemove"))
        compare(editor.pipeline.steps("patrol:p1").length, 0)
        editor.undo()
        editor.undo()
        compare(editor.pipeline.steps("patrol:p1").length, 2)
        compare(editor.pipeline.steps("patrol:p1")[0].strategy, second)
    }

    function test_previewFollowsThePipeline() {
        open(testData.small)
        // A strategy that adds points (any with an int parameter whose default is at least 1 will do).
        const withInt = strategyWith("int")
        addViaPanel(withInt.index)
        tryVerify(() => editor.pipeline.steps("patrol:p1").length === 1)
        // The route is recomputed off the UI thread and reported without errors.
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
    }

    // The value a double parameter's field is given by typing, then Enter.
    function typeValue(field, text) {
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_Delete)
        for (const ch of text)
            keyClick(ch)
        keyClick(Qt.Key_Return)
    }

    function test_typeAnExactDoubleValue() {
        open(testData.small)
        const withDouble = strategyWith("double")
        verify(withDouble !== null, "some strategy has a double parameter")
        addViaPanel(withDouble.index)
        tryVerify(() => stepItem(0) !== null)
        frames.waitForFrame(win.contentItem)
        const p = withDouble.param
        const valueOf = () => editor.pipeline.steps("patrol:p1")[0].params.find(q => q.name === p.name).value
        const field = findChild(findChild(stepItem(0), "param_" + p.name), "valueField")
        verify(field !== null && field.visible, "a typed field beside the slider")

        // A value the slider could hardly reach exactly.
        const low = p.min === undefined ? p.value - 5 : p.min
        const high = p.max === undefined ? p.value + 5 : Math.min(p.max, low + 10)
        let wanted = Math.round((low + 0.37 * (high - low)) * 1000) / 1000
        if (wanted === p.value) wanted = Math.round((low + 0.61 * (high - low)) * 1000) / 1000
        typeValue(field, String(wanted))
        compare(valueOf(), wanted)
        compare(findChild(stepItem(0), "stepProblem").text, "")

        // Refusals leave the document alone, keep the typed text and say why under the step.
        tryVerify(() => stepItem(0) !== null)
        frames.waitForFrame(win.contentItem)
        let again = findChild(findChild(stepItem(0), "param_" + p.name), "valueField")
        typeValue(again, "abc")
        compare(valueOf(), wanted)
        compare(again.text, "abc")
        verify(findChild(stepItem(0), "stepProblem").text.indexOf("not a number") >= 0)
        if (p.max !== undefined) {
            typeValue(again, String(p.max + 1))
            compare(valueOf(), wanted)
            const message = findChild(stepItem(0), "stepProblem").text
            verify(message.indexOf("outside") >= 0, "out of range is explained: " + message)
        }
        keyClick(Qt.Key_Escape)
        compare(Number(again.text), wanted)
        // One undo step for the typed value.
        editor.undo()
        compare(valueOf(), p.value)
    }

    function test_unknownStrategyGetsARedBadge() {
        open(testData.pipeline)
        const steps = editor.pipeline.steps("patrol:p1")
        compare(steps.length, 1)
        verify(steps[0].error.indexOf("unknown strategy") >= 0)
        tryVerify(() => stepItem(0) !== null)
        verify(findChild(stepItem(0), "stepBadge").visible)
        tryVerify(() => findChild(win.contentItem, "routeError").visible, 5000)
        verify(editor.pipeline.routeError("patrol:p1").indexOf("no-such-strategy") >= 0)
    }

    // A smoothing slider's value follows the drag, as one undo step.
    function test_sliderDragFollowsThePointer() {
        open(testData.small) // selects p1
        const list = editor.pipeline.strategies
        let found = null
        for (let i = 0; i < list.length && !found; ++i) {
            editor.pipeline.addStep("patrol:p1", list[i].id)
            const params = editor.pipeline.steps("patrol:p1")[0].params
            const p = params.find(q => q.type === "double")
            if (p) found = p
            else editor.undo()
        }
        verify(found !== null, "a strategy with a real parameter")
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        frames.waitForFrame(win.contentItem)
        const row = findChild(findChild(win.contentItem, "step0"), "param_" + found.name)
        let slider = null
        for (let i = 0; i < row.children.length; ++i)
            if (row.children[i].objectName === "control" && row.children[i].visible) slider = row.children[i]
        verify(slider !== null)
        const valueOf = () => editor.pipeline.steps("patrol:p1")[0].params.find(q => q.name === found.name).value
        const before = valueOf()
        const undoBefore = editor.undoText
        const y = slider.height / 2
        mousePress(slider, slider.width * 0.2, y)
        const atPress = valueOf()
        for (let f = 0.3; f <= 0.81; f += 0.1)
            mouseMove(slider, slider.width * f, y)
        mouseRelease(slider, slider.width * 0.8, y)
        const after = valueOf()
        verify(after > atPress, "the value followed the drag: " + atPress + " -> " + after)
        fuzzyCompare(after, slider.from + (slider.to - slider.from) * slider.position, (slider.to - slider.from) * 0.02)
        // One undo step for the whole drag.
        editor.undo()
        compare(valueOf(), before)
        compare(editor.undoText, undoBefore)
    }

    // A refused value is said under its step and moves nothing: the next click lands on the control
    // that was under the pointer before, and the typed text stays until corrected or Esc.
    function test_aRefusalMovesNothingUnderThePointer() {
        open(testData.small)
        const withInt = strategyWith("int")
        verify(withInt !== null)
        addViaPanel(withInt.index)
        addViaPanel(withInt.index)
        tryVerify(() => stepItem(1) !== null)
        frames.waitForFrame(win.contentItem)
        const name = withInt.param.name
        const valueOf = i => editor.pipeline.steps("patrol:p1")[i].params.find(q => q.name === name).value
        const field = findChild(findChild(stepItem(0), "param_" + name), "intField")
        const down = findChild(stepItem(0), "stepDown")
        const downTop = down.mapToItem(null, 0, 0)
        const before = valueOf(0)
        const order = editor.pipeline.steps("patrol:p1").map(s => s.strategy)
        for (const typed of ["abc", "-5", "1e400", "2.5"]) {
            mouseClick(field)
            field.selectAll()
            keyClick(Qt.Key_Delete)
            for (const ch of typed) keyClick(ch)
            keyClick(Qt.Key_Return)
            compare(valueOf(0), before, typed + " changed nothing")
            compare(field.text, typed, "the typed text stays")
            const message = findChild(stepItem(0), "stepProblem").text
            verify(message !== "" && message.indexOf(" to ") >= 0, typed + " is said with the range: " + message)
            frames.waitForFrame(win.contentItem)
            const now = down.mapToItem(null, 0, 0)
            compare(now.y, downTop.y, "nothing moved")
            compare(now.x, downTop.x)
        }
        // The click aimed at the first step's down arrow moves that step down, and nothing else.
        mouseClick(down)
        const moved = editor.pipeline.steps("patrol:p1").map(s => s.strategy)
        compare(moved, [order[1], order[0]])
        compare(valueOf(1), before)
    }
}
