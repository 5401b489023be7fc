// The level's references in the outliner: an image added to a level, placed by two clicks on it and
// the positions typed (calibration, one undo step), shown, hidden and locked; a missing file marked.
// References are objects of the level: clicked and Shift+clicked into the selection, hidden together,
// deleted with Delete, copied and pasted.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "References"

    function test_addAndCalibrateAnImage() {
        const folder = testData.scratch + "/calibrate"
        verify(files.copy(testData.hills.replace(/hills\.yaml$/, "hills/plan.png"), folder + "/plan.png"))
        verify(files.copy(testData.small, folder + "/level.yaml"))
        open(folder + "/level.yaml")
        verify(!findChild(win.outliner, "referencesSection").visible) // no references: no section
        verify(editor.references.addImage(folder + "/plan.png"))
        compare(editor.references.count, 1)
        const section = findChild(win.outliner, "referencesSection")
        tryVerify(() => section.visible)
        // 240 x 240 pixels at one level unit per 10: [0, 0, 24, 24] until placed.
        compare(editor.references.imageSize(0), Qt.size(240, 240))
        const row = findChild(win.outliner, "reference:plan")
        verify(row !== null)
        focusCanvas()
        keyClick(Qt.Key_F) // Fit: the view takes in the image too
        mouseClick(findChild(row, "referenceCalibrate"))
        verify(win.calibration.active)
        // Two clicks on the image: pixels (24, 24) and (216, 216), wherever the view has them.
        const first = at(2.4, 21.6), second = at(21.6, 2.4)
        mouseClick(canvas, first.x, first.y)
        wait(300) // two clicks, not a double click
        mouseClick(canvas, second.x, second.y)
        const dialog = win.calibration.dialog
        tryVerify(() => dialog.opened)
        typeInto(findChild(dialog.contentItem, "calibrateFirstX"), "10")
        typeInto(findChild(dialog.contentItem, "calibrateFirstY"), "110")
        typeInto(findChild(dialog.contentItem, "calibrateSecondX"), "110")
        typeInto(findChild(dialog.contentItem, "calibrateSecondY"), "10")
        mouseClick(findChild(dialog.footer, "calibrateApply"))
        tryVerify(() => !dialog.opened)
        // The clicks landed within a pixel of those image points; the scale is 100 sqrt 2 over
        // 192 sqrt 2 pixels, so the 240-pixel image spans 125 units from -2.5.
        const rect = editor.references.data(editor.references.index(0, 0), ReferenceList.RectRole)
        const expected = [-2.5, -2.5, 122.5, 122.5]
        for (let i = 0; i < 4; ++i)
            verify(Math.abs(rect[i] - expected[i]) < 1.5, "rect " + rect + " vs " + expected)
        verify(editor.undoText.indexOf("Calibrate") === 0, editor.undoText)
        verify(editor.files.save())
        const text = files.read(editor.files.filePath)
        verify(text.indexOf("references:") > 0 && text.indexOf("image: plan.png") > 0, text)
        editor.undo()
        compare(editor.references.data(editor.references.index(0, 0), ReferenceList.RectRole), [0, 0, 24, 24])

        // By distance: the same two pixels said to be 50 apart; the first stays where it was clicked.
        keyClick(Qt.Key_F)
        mouseClick(findChild(findChild(win.outliner, "reference:plan"), "referenceCalibrate"))
        const p1 = at(2.4, 21.6), p2 = at(21.6, 2.4)
        mouseClick(canvas, p1.x, p1.y)
        wait(300)
        mouseClick(canvas, p2.x, p2.y)
        tryVerify(() => dialog.opened)
        mouseClick(findChild(dialog.contentItem, "calibrateByDistance"))
        typeInto(findChild(dialog.contentItem, "calibrateDistance"), "50")
        mouseClick(findChild(dialog.footer, "calibrateApply"))
        tryVerify(() => !dialog.opened)
        const r = editor.references.data(editor.references.index(0, 0), ReferenceList.RectRole)
        // 50 over 192 sqrt 2 pixels: the image 240 pixels wide spans 44.19.
        verify(Math.abs((r[2] - r[0]) - 240 * 50 / (192 * Math.SQRT2)) < 0.05, r)
        verify(Math.abs(r[0] - (2.4 - 24 * 50 / (192 * Math.SQRT2))) < 0.3, r) // the first point kept
    }

    function test_showLockAndMissing() {
        const folder = testData.scratch + "/show-lock"
        verify(files.copy(testData.hills.replace(/hills\.yaml$/, "hills/plan.png"), folder + "/hills/plan.png"))
        verify(files.copy(testData.hills, folder + "/hills.yaml")) // its mesh is not copied: missing
        open(folder + "/hills.yaml")
        const terrain = findChild(win.outliner, "reference:terrain")
        tryVerify(() => terrain !== null)
        verify(findChild(terrain, "referenceText").text.indexOf("⚠") === 0, "the missing mesh is marked")
        editor.ground.waitForGround()
        verify(!editor.ground.hasGround)
        verify(editor.ground.warnings.length === 1 && editor.ground.warnings[0].indexOf("hills.gltf") > 0,
               editor.ground.warnings)
        const plan = findChild(win.outliner, "reference:site_plan")
        const original = files.read(folder + "/hills.yaml")
        mouseClick(findChild(plan, "referenceShown"))
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.ShownRole), false)
        // Saved: one line changes, the comments stay.
        verify(editor.files.save())
        const saved = files.read(folder + "/hills.yaml").split("\n"), before = original.split("\n")
        compare(saved.length, before.length)
        const changed = saved.filter((line, i) => line !== before[i])
        compare(changed.length, 1)
        verify(changed[0].indexOf("site_plan") > 0 && changed[0].indexOf("visible: false") > 0, changed[0])
        mouseClick(findChild(plan, "referenceLocked"))
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.LockedRole), true)
        verify(!findChild(plan, "referenceCalibrate").enabled) // a locked image is not placed
        verify(!editor.references.calibrate(1, Qt.point(0, 0), Qt.point(0, 0), Qt.point(1, 1), Qt.point(5, 5)))
        editor.undo()
        editor.undo()
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.ShownRole), true)
    }

    // Clicking a reference in the outliner shows it in the inspector, whose fields place it.
    function test_placeInTheInspector() {
        const folder = testData.scratch + "/inspect"
        const source = testData.hills.replace(/hills\.yaml$/, "")
        verify(files.copy(source + "hills/hills.gltf", folder + "/hills/hills.gltf"))
        verify(files.copy(source + "hills/plan.png", folder + "/hills/plan.png"))
        verify(files.copy(testData.hills, folder + "/hills.yaml"))
        open(folder + "/hills.yaml")
        mouseClick(findChild(findChild(win.outliner, "reference:site_plan"), "referenceText"))
        compare(editor.references.current, 1)
        const section = findChild(win.inspector, "referenceSection")
        tryVerify(() => section.visible)
        typeInto(findChild(section, "referenceX1"), "240")
        compare(editor.references.currentValues.rect, [0, 0, 240, 120])
        typeInto(findChild(section, "referenceX1"), "-5") // x1 below x0: refused at the field
        compare(editor.references.currentValues.rect, [0, 0, 240, 120])
        verify(findChild(section, "referenceX1").problem !== "")
        // The mesh: turned a quarter round, not ground any more.
        mouseClick(findChild(findChild(win.outliner, "reference:terrain"), "referenceText"))
        compare(editor.references.current, 0)
        settle() // the section swaps the image's fields for the mesh's: click them where they are drawn
        typeInto(findChild(section, "referenceRotate"), "90")
        compare(editor.references.currentValues.rotate, 90)
        mouseClick(findChild(section, "referenceGround"))
        compare(editor.references.currentValues.ground, false)
        editor.ground.waitForGround()
        verify(!editor.ground.hasGround)
        editor.undo()
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
        // Its colour in the 3D view: #RRGGBB, saved in the file; anything else refused at the field.
        const colour = findChild(section, "referenceColor")
        typeInto(colour, "#c07a48")
        compare(editor.references.currentValues.color, "#c07a48")
        typeInto(colour, "brown")
        compare(editor.references.currentValues.color, "#c07a48")
        verify(colour.problem !== "")
        keyClick(Qt.Key_Escape)
        keySequence(StandardKey.Save)
        const saved = files.read(folder + "/hills.yaml")
        verify(/- \{id: terrain, mesh: hills\/hills.gltf, .*color: "#c07a48"\}/.test(saved), saved)
        editor.undo()
        compare(editor.references.currentValues.color, "")
        // Selecting an object puts the inspector back on it.
        select("rail:zipline")
        compare(editor.references.current, -1)
        verify(!section.visible)
    }

    // Level > Add reference mesh… and Add reference heightmap…: chosen in the file dialog, each is
    // added as ground (the ground answers under them) in one undo step; a FIFO is refused by the
    // project's rules at once, never opened for reading, and the designer is told why.
    function test_addMeshAndHeightmapFromTheLevelMenu() {
        const folder = testData.scratch + "/add-ground"
        verify(files.copy(testData.small, folder + "/level.yaml"))
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        verify(files.copy(testData.hills.replace(/hills\.yaml$/, "hills/plan.png"), folder + "/relief.png"))
        files.remove(folder + "/pipe.obj")
        verify(files.mkfifo(folder + "/pipe.obj"))
        open(folder + "/level.yaml")
        const menu = findChild(win.menuBar, "levelMenu")
        function choose(item, file) {
            menu.open()
            waitForFrame(win.contentItem)
            mouseClick(findChild(menu.contentItem, item))
            tryVerify(() => win.referenceDialog.visible)
            // The file chosen in the dialog (its file list is Qt's own, not RailForge's).
            win.referenceDialog.selectedFile = "file://" + folder + "/" + file
            compare(String(win.referenceDialog.selectedFile), "file://" + folder + "/" + file)
            win.referenceDialog.close()
            win.referenceDialog.accepted()
        }
        choose("addReferenceMeshItem", "terrain.obj")
        compare(editor.references.count, 1, editor.references.lastError() + " " + win.problemsDialog.opened)
        verify(findChild(win.outliner, "reference:terrain") !== null)
        editor.ground.waitForGround()
        tryVerify(() => editor.ground.hasGround)
        verify(editor.ground.heightAt(10, 0) !== undefined, "the terrain answers under the mine's start")
        // The status says what the ground toggle gives: off, new points do not land on it yet.
        verify(!editor.grounding.snapToGround)
        const addedOff = findChild(win.footer, "statusMessage").text
        verify(addedOff.indexOf("Mesh added as ground") === 0 && addedOff.indexOf("turn ground on (Shift+G)") > 0, addedOff)
        mouseClick(findChild(win.header, "snapToGround"))
        verify(editor.grounding.snapToGround)

        choose("addReferenceHeightmapItem", "relief.png")
        compare(editor.references.count, 2)
        verify(findChild(win.outliner, "reference:relief") !== null)
        editor.ground.waitForGround()
        verify(editor.ground.heightAt(-50, -50) === undefined, "the heightmap covers [0, 0, 239, 239]")
        verify(editor.ground.heightAt(200, 200) !== undefined)
        // With the toggle on, it says new points land on it, as they do.
        const addedOn = findChild(win.footer, "statusMessage").text
        verify(addedOn.indexOf("Heightmap added as ground") === 0 && addedOn.indexOf("new points land on it (ground is on)") > 0, addedOn)
        mouseClick(findChild(win.header, "snapToGround"))
        verify(!editor.grounding.snapToGround)

        choose("addReferenceMeshItem", "pipe.obj")
        tryVerify(() => win.problemsDialog.opened)
        compare(editor.references.count, 2)
        const said = JSON.stringify(win.problemsDialog.problems)
        verify(said.indexOf("pipe.obj") >= 0 && said.indexOf("regular file") >= 0, said)
        win.problemsDialog.close()

        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.references.count, 1)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.references.count, 0)
    }

    // A level with only a terrain mesh opens onto the terrain once it is read (not around the origin),
    // and F after zooming in frames it again.
    function test_fitTakesInAMeshReference() {
        const folder = testData.scratch + "/fit-mesh"
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        verify(files.write(folder + "/level.yaml", "railforge: 1\nlevel: {name: Terrain, units: m}\n"
                           + "references:\n  - {id: terrain, mesh: terrain.obj, up: z}\n"))
        open(folder + "/level.yaml")
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
        // The terrain spans x 0..200 and y -40..40 (make_terrain.py): both corners on the canvas.
        function framed() {
            const a = at(0, -40), b = at(200, 40)
            return a.x >= 0 && b.x <= canvas.width && b.y >= 0 && a.y <= canvas.height
                   && b.x - a.x > canvas.width * 0.5
        }
        tryVerify(framed, 2000)
        focusCanvas()
        for (let i = 0; i < 6; ++i)
            canvas.zoomAt(at(0, 0), 2)
        verify(!framed())
        keyClick(Qt.Key_F)
        verify(framed())
    }

    // Two references selected with the mouse; the eye of one hides both (one step); Delete removes
    // both; Ctrl+C, Ctrl+V copies them under fresh ids, shifted beside the originals.
    function test_referencesAreObjects() {
        const folder = testData.scratch + "/reference-objects"
        verify(files.copy(testData.hills.replace(/hills\.yaml$/, "hills/plan.png"), folder + "/hills/plan.png"))
        verify(files.copy(testData.hills, folder + "/hills.yaml"))
        open(folder + "/hills.yaml")
        const plan = findChild(win.outliner, "reference:site_plan")
        const terrain = findChild(win.outliner, "reference:terrain")
        tryVerify(() => plan !== null && terrain !== null)
        mouseClick(findChild(plan, "referenceText"))
        compare(editor.selection.keys, ["reference:site_plan"])
        mouseClick(findChild(terrain, "referenceText"), 5, 5, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.keys.slice().sort(), ["reference:site_plan", "reference:terrain"])
        verify(findChild(terrain, "referenceText").font.bold, "a selected row reads as selected")
        compare(editor.references.current, -1) // two selected: the inspector shows what they share
        verify(!findChild(win.inspector, "propertiesSection").visible, "references hold no custom properties")

        mouseClick(findChild(plan, "referenceShown"))
        compare(editor.references.data(editor.references.index(0, 0), ReferenceList.ShownRole), false)
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.ShownRole), false)
        editor.undo() // one step for both
        compare(editor.references.data(editor.references.index(0, 0), ReferenceList.ShownRole), true)
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.ShownRole), true)

        keyClick(Qt.Key_C, Qt.ControlModifier)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.references.count, 4)
        const pasted = editor.selection.keys.slice().sort()
        compare(pasted.length, 2)
        verify(pasted.every(k => k.startsWith("reference:") && k !== "reference:site_plan" && k !== "reference:terrain"),
               pasted)
        // The copy of the image (copies come in the selection's order: site_plan, then terrain).
        compare(editor.references.data(editor.references.index(2, 0), ReferenceList.KindRole), "image")
        const rect = editor.references.data(editor.references.index(2, 0), ReferenceList.RectRole)
        verify(rect[0] !== 0 && rect[2] - rect[0] === 120, "the copy lies beside the original: " + rect)
        editor.undo()
        compare(editor.references.count, 2)

        // The rows were made again for the list that changed.
        const planRow = findChild(win.outliner, "reference:site_plan")
        const terrainRow = findChild(win.outliner, "reference:terrain")
        mouseClick(findChild(planRow, "referenceText"))
        mouseClick(findChild(terrainRow, "referenceText"), 5, 5, Qt.LeftButton, Qt.ShiftModifier)
        keyClick(Qt.Key_Delete)
        compare(editor.references.count, 0)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.references.count, 2)
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.IdRole), "site_plan")
    }
}
