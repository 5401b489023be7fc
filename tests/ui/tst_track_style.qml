// A rail's track in the editor (docs/design.md "Track meshes"): its section, size, ties and supports
// set in the inspector's Track section with real clicks and keys, one undo step each, saved into the
// level; File > Export meshes writes the .glb beside the level with that style, its ties and its
// supports, and says where.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "TrackStyle"

    function openTrestle(name) {
        const folder = testData.scratch + "/" + name
        verify(files.copy(testData.trestle, folder + "/trestle.yaml"))
        verify(files.copy(testData.trestle.replace(/trestle\.yaml$/, "trestle.obj"), folder + "/trestle.obj"))
        open(folder + "/trestle.yaml")
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
        return folder
    }

    // Scrolls the inspector until `item` is in sight, as a designer scrolls to a field below.
    function reveal(item) {
        let flick = item.parent
        while (flick && flick.contentY === undefined)
            flick = flick.parent
        verify(flick !== null, "the inspector scrolls")
        const y = item.mapToItem(flick.contentItem, 0, 0).y
        flick.contentY = Math.max(0, Math.min(y - flick.height / 2, flick.contentHeight - flick.height))
        waitForFrame(win.contentItem)
    }

    function test_styleARailAndExportItsMeshes() {
        const folder = openTrestle("track-style")
        select("rail:cross")
        compare(editor.track.section, "tube")
        // Folded to one line that says the style; a click opens it.
        const header = field("trackHeader")
        reveal(header) // under the rail's points
        verify(header.text.indexOf("tube 0.8, supports") > 0, header.text)
        verify(!field("trackSize").visible)
        mouseClick(header)
        tryVerify(() => field("trackSize").visible)
        waitForFrame(win.contentItem) // laid out before the next click
        reveal(field("trackSize"))
        compare(field("trackSize").text, "0.8")
        // The section from the combo box, by mouse and keys: tube -> ribbon.
        const box = field("trackSectionBox")
        verify(box !== null && box.visible, "track box " + box + " key " + editor.track.key)
        mouseClick(box)
        tryVerify(() => box.popup.opened)
        keyClick(Qt.Key_Down)
        keyClick(Qt.Key_Return)
        tryVerify(() => editor.track.section === "ribbon")
        // A new section starts from its own default size (a tube's diameter is no catwalk's width).
        compare(editor.track.size, 1.2)
        typeInto(field("trackSize"), "2.5")
        compare(editor.track.size, 2.5)
        typeInto(field("trackTiesEvery"), "0.75")
        compare(editor.track.tiesEvery, 0.75)
        reveal(field("trackSupportSkip"))
        typeInto(field("trackSupportsEvery"), "6")
        compare(editor.track.supportsEvery, 6)
        // A negative skip is refused at the field; the rail keeps its own.
        typeInto(field("trackSupportSkip"), "-1")
        compare(editor.track.supportSkip, 1)
        keyClick(Qt.Key_Escape)
        // One undo step each: the supports go back to 5, and come again (the keyboard taken from
        // the field by clicking the rail's row, which keeps it selected).
        select("rail:cross")
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.track.supportsEvery, 5)
        compare(editor.track.tiesEvery, 0.75)
        keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
        compare(editor.track.supportsEvery, 6)
        // Saved as the level's own text.
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const text = files.read(folder + "/trestle.yaml")
        // Over the file's own text: the keys it had changed in place, the new one added.
        const cross = text.substring(text.indexOf("id: cross"))
        for (const line of ["      section: ribbon\n", "      size: 2.5\n", "      supports: {every: 6}\n",
                            "      ties: {every: 0.75}\n"])
            verify(cross.indexOf(line) > 0, line + " in " + cross)
        verify(text.indexOf("# A level made for track supports") === 0, "the comments stay")

        // File > Export meshes (glTF)…, by the menu.
        const out = folder + "/trestle.glb"
        files.remove(out)
        const menu = findChild(win.menuBar, "fileMenu")
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(findChild(menu.contentItem, "exportMeshesItem"))
        tryVerify(() => win.meshExportDialog.opened)
        compare(findChild(win.meshExportDialog.contentItem, "meshExportPath").text, out)
        mouseClick(findChild(win.meshExportDialog.footer, "meshExportButton"))
        tryVerify(() => files.exists(out))
        const glb = files.read(out)
        verify(glb.indexOf("glTF") === 0, "a binary glTF")
        // Its JSON chunk: the ribbon's style, the ties and supports the inspector gave it.
        verify(glb.indexOf('"style":"ribbon"') > 0, "the rail's style in its extras")
        verify(glb.indexOf('"name":"cross ties"') > 0 && glb.indexOf('"name":"cross supports"') > 0,
               "its ties and supports")
        verify(glb.indexOf("EXT_mesh_gpu_instancing") > 0)
        const status = findChild(win.footer, "statusMessage").text
        verify(status.indexOf("Meshes exported to " + out) === 0, status)
        // The coaster's supports `cross` passes under are said.
        verify(status.indexOf("left out") > 0, status)
    }

    // A style for every rail: the coaster's made the level's default by a click, then the tube
    // rail dropping its own to take it; each one undo step, the default saved on the level's line.
    function test_levelDefaultStyle() {
        const folder = openTrestle("track-level-default")
        select("rail:coaster")
        const header = field("trackHeader")
        reveal(header)
        mouseClick(header)
        tryVerify(() => field("trackMakeLevelDefault").visible)
        waitForFrame(win.contentItem)
        reveal(field("trackMakeLevelDefault"))
        compare(field("trackOrigin").text, "its own")
        mouseClick(field("trackMakeLevelDefault"))
        select("rail:cross")
        compare(editor.track.section, "tube")
        verify(editor.track.ownStyle)
        reveal(field("trackUseLevelDefault"))
        mouseClick(field("trackUseLevelDefault"))
        tryVerify(() => !editor.track.ownStyle)
        // The coaster's style now: its running rails and a tie every 0.8.
        compare(editor.track.section, "rails")
        compare(editor.track.tiesEvery, 0.8)
        compare(field("trackOrigin").text, "the level's")
        verify(!field("trackUseLevelDefault").enabled, "nothing of its own to drop")
        // One undo step each.
        select("rail:cross")
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.track.section, "tube")
        keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
        compare(editor.track.section, "rails")
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const text = files.read(folder + "/trestle.yaml")
        const level = text.substring(text.indexOf("level:"), text.indexOf("\n", text.indexOf("level:")))
        verify(level.indexOf("track: {section: rails") > 0 && level.indexOf("ties: {every: 0.8") > 0, level)
        const cross = text.substring(text.indexOf("id: cross"))
        verify(cross.indexOf("section: tube") < 0, "cross has no track of its own: " + cross)
    }

    function test_exportMeshesRefusesAnotherExtension() {
        openTrestle("track-export-name")
        win.actions.exportMeshes.trigger()
        tryVerify(() => win.meshExportDialog.opened)
        typeInto(findChild(win.meshExportDialog.contentItem, "meshExportPath"), testData.scratch + "/track.obj")
        const problem = findChild(win.meshExportDialog.contentItem, "meshExportPathProblem")
        tryVerify(() => problem.problem.indexOf(".glb") >= 0)
        verify(!findChild(win.meshExportDialog.footer, "meshExportButton").enabled)
        win.meshExportDialog.close()
    }
}
