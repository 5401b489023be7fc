// Channel lanes under the profile, worked with the mouse and keyboard as a designer does: a click
// on an empty stretch of a lane adds a key, a key is dragged along the rail (onto a control point it
// follows that point) and up and down in a number lane, a right click or Delete deletes it, its
// value is typed in the inspector, a channel is added from the profile's strip. Each edit one undo
// step, checked in the document.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Channels"

    property var profile: null

    function openCart(name) {
        open(scratchCopy(testData.channels, name))
        profile = win.profile.view
        select("rail:cart")
        tryCompare(profile, "key", "rail:cart")
        profile.waitForData()
        waitForFrame(win.contentItem)
        compare(profile.channels, ["width", "sounds"])
    }
    function keys(channel) { return editor.channels.keys("rail:cart", channel) }
    function laneMiddle(channel) {
        const r = profile.channelLaneRect(channel)
        verify(r.height > 8, channel + " has a lane")
        return r.y + r.height / 2
    }
    function drag(from, to, modifiers) {
        const m = modifiers === undefined ? Qt.NoModifier : modifiers
        mousePress(profile, from.x, from.y, Qt.LeftButton, m)
        for (let i = 1; i <= 6; ++i)
            mouseMove(profile, from.x + (to.x - from.x) * i / 6, from.y + (to.y - from.y) * i / 6, -1, Qt.LeftButton, m)
        mouseRelease(profile, to.x, to.y, Qt.LeftButton, m)
    }

    function test_aClickInALaneAddsAKey() {
        openCart("channels-add.yaml")
        compare(keys("width").length, 4)
        const y = laneMiddle("width")
        mouseClick(profile, profile.xOfS(10), y)
        const after = keys("width")
        compare(after.length, 5)
        const added = after[4]
        compare(added.point, -1)             // between points: an arc-length key
        compare(added.s, 10)                 // on the 1 m grid while snapping is on
        verify(Number(added.value) > 2 && Number(added.value) < 7, added.value) // the height clicked
        compare(editor.selection.channel, "width") // the new key is the active one
        compare(editor.selection.channelKey, 4)
        verify(field("channelKeySection").visible)
        editor.undo()
        compare(keys("width").length, 4)
    }

    function test_anEventKeyAddedTakesTheNameBeforeIt() {
        openCart("channels-event.yaml")
        mouseClick(profile, profile.xOfS(100), laneMiddle("sounds"))
        const after = keys("sounds")
        compare(after.length, 3)
        compare(after[2].value, "brakes") // the event before s = 100, to be renamed in the inspector
    }

    function test_dragAKeyAlongTheRail() {
        openCart("channels-drag.yaml")
        compare(keys("sounds")[1].s, 75)
        const from = profile.channelKeyPosition("sounds", 1)
        verify(from.x > 0)
        drag(from, Qt.point(profile.xOfS(90), from.y))
        compare(keys("sounds")[1].s, 90)
        compare(keys("sounds")[1].value, "brakes")
        editor.undo() // the whole drag in one step
        compare(keys("sounds")[1].s, 75)
    }

    function test_droppedOnAPointAKeyFollowsIt() {
        openCart("channels-point.yaml")
        const from = profile.channelKeyPosition("sounds", 1)
        const point5 = profile.pointPosition(5)
        drag(from, Qt.point(point5.x + 3, from.y))
        compare(keys("sounds")[1].point, 5)
        // Moving the point along the plan takes the key with it.
        const before = keys("sounds")[1].s
        select("rail:cart")
        editor.rail.setRailPoint(5, 0, 10)
        compare(keys("sounds")[1].point, 5)
        verify(keys("sounds")[1].s !== before)
    }

    function test_dragANumberKeyUpAndDown() {
        openCart("channels-value.yaml")
        compare(keys("width")[2].value, "7")
        const from = profile.channelKeyPosition("width", 2)
        const lane = profile.channelLaneRect("width")
        drag(from, Qt.point(from.x, lane.y + lane.height - 4), Qt.ShiftModifier)
        const k = keys("width")[2]
        compare(k.point, 3) // Shift: the value only, the key stays on its point
        verify(Number(k.value) < 4, k.value)
        editor.undo()
        compare(keys("width")[2].value, "7")
    }

    function test_rightClickDeletesAKey() {
        openCart("channels-delete.yaml")
        const p = profile.channelKeyPosition("sounds", 0)
        mouseClick(profile, p.x, p.y, Qt.RightButton)
        compare(keys("sounds").length, 1)
        compare(keys("sounds")[0].value, "brakes")
        // A channel keeps its last key: refused, and said where the designer looks.
        const last = profile.channelKeyPosition("sounds", 0)
        mouseClick(profile, last.x, last.y, Qt.RightButton)
        compare(keys("sounds").length, 1)
        verify(editor.statusMessage.indexOf("at least one key") >= 0, editor.statusMessage)
        editor.undo()
        compare(keys("sounds").length, 2)
    }

    function test_deleteKeyDeletesTheActiveKeyNotTheRail() {
        openCart("channels-delkey.yaml")
        const p = profile.channelKeyPosition("width", 1)
        mouseClick(profile, p.x, p.y)
        compare(editor.selection.channelKey, 1)
        keyClick(Qt.Key_Delete)
        compare(keys("width").length, 3)
        compare(editor.railCount, 2) // the rail is still there
    }

    function test_typeAValueInTheInspector() {
        openCart("channels-type.yaml")
        const p = profile.channelKeyPosition("width", 2)
        mouseClick(profile, p.x, p.y)
        waitForFrame(win.contentItem)
        const value = field("channelKeyValue")
        verify(value.visible)
        compare(value.text, "7")
        typeInto(value, "4.5")
        compare(keys("width")[2].value, "4.5")
        typeInto(value, "wide")
        compare(keys("width")[2].value, "4.5") // refused, and the field says why
        verify(value.problem.indexOf("not a number") >= 0, value.problem)
        keyClick(Qt.Key_Escape)
        editor.undo()
        compare(keys("width")[2].value, "7")
    }

    function test_addAChannelFromTheStrip() {
        openCart("channels-new.yaml")
        verify(!profile.hasSpeedChannel)
        mouseClick(findChild(win.profile, "profileAddChannel"))
        const name = findChild(win.profile, "channelName")
        tryVerify(() => name.visible && name.activeFocus)
        for (const ch of "speed")
            keyClick(ch)
        mouseClick(findChild(win.profile, "channelAdd"))
        profile.waitForData()
        compare(profile.channels, ["width", "sounds", "speed"])
        compare(keys("speed").length, 1)
        compare(keys("speed")[0].point, 0)
        verify(profile.hasSpeedChannel) // the forces now read it
        compare(editor.selection.channel, "speed")
        // Its value typed in the inspector: 12 m/s from the start.
        waitForFrame(win.contentItem)
        typeInto(field("channelKeyValue"), "12")
        compare(keys("speed")[0].value, "12")
        mouseClick(field("channelDelete"))
        compare(editor.channels.keys("rail:cart", "speed").length, 0)
        tryCompare(profile.channels, "length", 2)
    }

    // Channel… proposes the type a name implies, never the type used last: an event channel added,
    // then "speed" typed is a float channel again.
    function test_channelTypeFollowsTheName() {
        openCart("channels-type.yaml")
        const add = () => {
            mouseClick(findChild(win.profile, "profileAddChannel"))
            const name = findChild(win.profile, "channelName")
            tryVerify(() => name.visible && name.activeFocus)
            return name
        }
        const type = findChild(win.profile, "channelTypeChoice")
        add()
        for (const ch of "brake_events")
            keyClick(ch)
        compare(type.currentText, "event")
        keyClick(Qt.Key_Return)
        profile.waitForData()
        verify(profile.channels.indexOf("brake_events") >= 0, profile.channels)
        add()
        compare(type.currentText, "float", "a new channel does not start at the last type used")
        for (const ch of "speed")
            keyClick(ch)
        compare(type.currentText, "float")
        keyClick(Qt.Key_Return)
        profile.waitForData()
        verify(profile.hasSpeedChannel)
    }
}
