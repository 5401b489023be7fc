// A level from anywhere opens safely in the editor (docs/design.md "References and ground"): each
// crafted reference (outside the project by a path, a symlink, a glTF buffer or an OBJ mtllib; inside
// .git; a FIFO, /dev/zero, a folder, a sparse 4 GB file, an image bomb; files that crash the decoders
// or make them take all memory) opens, is marked ⚠ in the outliner with
// its reason, and nothing of it is read; the window answers a click within a second while a slow
// reference is read, and Cancel in the status bar stops the read; every bad file of the repository
// and of the fuzz corpus, and files with 20,000 problems, open with their problems listed, no crash.
import QtQuick
import QtQuick.Controls
import QtTest
import RailForge

EditorTestCase {
    name: "HostileLevels"

    // A one-triangle glTF whose buffer is `uri` and, when given, with an image `image`.
    function gltf(uri, image) {
        const doc = {
            asset: {version: "2.0"}, scene: 0, scenes: [{nodes: [0]}], nodes: [{mesh: 0}],
            meshes: [{primitives: [{attributes: {POSITION: 1}, indices: 0}]}],
            buffers: [{byteLength: 44, uri: uri}],
            bufferViews: [{buffer: 0, byteOffset: 0, byteLength: 8}, {buffer: 0, byteOffset: 8, byteLength: 36}],
            accessors: [{bufferView: 0, componentType: 5123, count: 3, type: "SCALAR"},
                        {bufferView: 1, componentType: 5126, count: 3, type: "VEC3", min: [0, 0, -10], max: [10, 0, 0]}]
        }
        if (image)
            doc.images = [{uri: image}]
        return JSON.stringify(doc)
    }
    // A level in `folder`/levels with two waypoints to click and `reference` as its one reference.
    function writeLevel(path, reference) {
        verify(files.write(path, "railforge: 1\nlevel: {name: Hostile, units: m}\nreferences:\n  - " + reference +
                           "\nwaypoints:\n  - {id: a, position: [2, 2, 0]}\n  - {id: b, position: [8, 8, 0]}\n"))
    }
    // A project in the scratch folder: .git, levels/, art/, and a secret beside it, outside.
    function project(tag) {
        const root = testData.scratch + "/hostile-" + tag
        verify(files.mkpath(root + "/game/.git"))
        verify(files.mkpath(root + "/game/levels"))
        verify(files.mkpath(root + "/game/art"))
        verify(files.write(root + "/secret.obj", "v 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n"))
        return root
    }
    readonly property string pngBomb: "iVBORw0KGgoAAAANSUhEUgAAr8gAAK/ICAAAAABbVRxLAAAAQklEQVR4nO3BMQEAAADCoPVPbQsvoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAADgaK/JAAEkJRNiAAAAAElFTkSuQmCC"

    function test_refusedReferencesAreMarked_data() {
        return [
            {tag: "relative path out", reference: "{id: leak, mesh: ../../secret.obj, up: z}", words: "'../../secret.obj' is outside the project"},
            {tag: "absolute path out", reference: "{id: leak, mesh: /etc/passwd}", words: "is an absolute path outside the project"},
            {tag: "symlink out", reference: "{id: leak, mesh: ../art/link.obj, up: z}", make: "symlink", words: "'../art/link.obj' is outside the project"},
            {tag: "glTF buffer out", reference: "{id: leak, mesh: ../art/t.gltf}", make: "bufferOut", words: "its buffer '../../secret.obj' is outside the project"},
            {tag: "glTF image out", reference: "{id: leak, mesh: ../art/t.gltf}", make: "imageOut", words: "its image '../../../etc/passwd' is outside the project"},
            {tag: "OBJ mtllib out", reference: "{id: leak, mesh: ../art/m.obj, up: z}", make: "mtllib", words: "its file '../../secret.obj' is outside the project"},
            {tag: "FIFO", reference: "{id: leak, heightmap: ../art/pipe.png, rect: [0, 0, 10, 10], z_range: [0, 1]}", make: "fifo", words: "is a FIFO, not a regular file"},
            {tag: "FIFO as glTF buffer", reference: "{id: leak, mesh: ../art/t.gltf}", make: "fifoBuffer", words: "its buffer 'pipe.bin' is a FIFO"},
            {tag: "folder", reference: "{id: leak, mesh: ../art}", words: "is a folder, not a regular file"},
            {tag: "sparse 4 GB", reference: "{id: leak, mesh: ../art/huge.obj}", make: "sparse", words: "is 4 GiB, over the limit of 1 GiB"},
            {tag: "PNG bomb", reference: "{id: leak, image: ../art/bomb.png, rect: [0, 0, 10, 10]}", make: "bomb", words: "declares 45000 x 45000 pixels"},
            // Small files that would cost gigabytes (tests/support/costly_files.py): refused by what they declare.
            {tag: "RGBA64 heightmap", reference: "{id: leak, heightmap: ../art/deep.png, rect: [0, 0, 10, 10], z_range: [0, 1]}", costly: ["rgba64", "deep.png"], words: "decodes to 2 GiB"},
            {tag: "glTF node graph", reference: "{id: leak, mesh: ../art/dag.gltf}", costly: ["dag", "dag.gltf"], words: "over the limit of 100000 (--max-mesh-nodes, or Level > Reference Limits"},
            {tag: "glb lying header", reference: "{id: leak, mesh: ../art/liar.glb}", costly: ["liar_glb", "liar.glb"], words: "declares a chunk of 4.0 GiB in a file of 51 bytes"},
            {tag: "160 MB OBJ", reference: "{id: leak, mesh: ../art/big.obj, up: z}", costly: ["grid_obj", "big.obj"], words: "over the limit of 4000000 (--max-triangles"},
            // Files made to break the decoders (tests/support/decoder_traps.py): their reader crashes or
            // meets its memory limit; the editor marks them and goes on.
            {tag: "self-instancing Collada", reference: "{id: leak, mesh: ../art/self.dae}", traps: ["collada_self", "self.dae"], words: "its reader crashed (signal 11"},
            {tag: "FBX nested scopes", reference: "{id: leak, mesh: ../art/scopes.fbx}", traps: ["fbx_scopes", "scopes.fbx"], words: "its reader crashed (signal 11"},
            {tag: "glTF nested extras", reference: "{id: leak, mesh: ../art/extras.gltf}", traps: ["gltf_extras", "extras.gltf"], words: "its reader crashed (signal 11"},
            {tag: "glTF DAG bad UTF-8", reference: "{id: leak, mesh: ../art/utf8.gltf}", traps: ["gltf_dag_utf8", "utf8.gltf"], words: "of memory its reader may use (--max-triangles"},
            {tag: "sparse accessor", reference: "{id: leak, mesh: ../art/sparse.gltf}", traps: ["gltf_sparse", "sparse.gltf"], words: "of memory its reader may use (--max-triangles"},
            {tag: "PLY header", reference: "{id: leak, mesh: ../art/huge.ply}", traps: ["ply_header", "huge.ply"], words: "of memory its reader may use (--max-triangles"},
            {tag: "OFF header", reference: "{id: leak, mesh: ../art/huge.off}", traps: ["off_header", "huge.off"], words: "of memory its reader may use (--max-triangles"},
            {tag: "Collada DAG", reference: "{id: leak, mesh: ../art/dag.dae}", traps: ["collada_dag", "dag.dae"], words: "of memory its reader may use (--max-triangles"},
            {tag: "glTF DAG duplicate keys", reference: "{id: leak, mesh: ../art/keys.gltf}", traps: ["gltf_dag_keys", "keys.gltf"], words: "of memory its reader may use (--max-triangles"},
            {tag: "glTF DAG named .txt", reference: "{id: leak, mesh: ../art/dag.txt}", traps: ["gltf_dag", "dag.txt"], words: "of memory its reader may use (--max-triangles"},
            {tag: "CR-only OBJ", reference: "{id: leak, mesh: ../art/cr.obj}", traps: ["obj_cr", "cr.obj"], words: "over the limit of 4000000 (--max-triangles"},
            {tag: "a file in .git", reference: "{id: leak, mesh: ../.git/config}", words: "is inside the version-control folder '.git'"}
        ]
    }
    function test_refusedReferencesAreMarked(data) {
        const root = project(data.tag.replace(/ /g, "_"))
        const art = root + "/game/art"
        if (data.make === "symlink") verify(files.symlink(root + "/secret.obj", art + "/link.obj"))
        if (data.make === "bufferOut") verify(files.write(art + "/t.gltf", gltf("../../secret.obj")))
        if (data.make === "imageOut") {
            verify(files.write(art + "/b.bin", "x".repeat(44)))
            verify(files.write(art + "/t.gltf", gltf("b.bin", "../../../etc/passwd")))
        }
        if (data.make === "mtllib") verify(files.write(art + "/m.obj", "mtllib ../../secret.obj\nv 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n"))
        if (data.make === "fifo") verify(files.mkfifo(art + "/pipe.png"))
        if (data.make === "fifoBuffer") {
            verify(files.mkfifo(art + "/pipe.bin"))
            verify(files.write(art + "/t.gltf", gltf("pipe.bin")))
        }
        if (data.make === "sparse") verify(files.sparse(art + "/huge.obj", 4 * 1024 * 1024 * 1024))
        if (data.make === "bomb") verify(files.writeBase64(art + "/bomb.png", pngBomb))
        if (data.traps) {
            const made = files.run("python3", [testData.repository + "/tests/support/decoder_traps.py", data.traps[0],
                                               art + "/" + data.traps[1]])
            compare(made.code, 0, made.err)
        }
        if (data.costly) {
            const made = files.run("python3", [testData.repository + "/tests/support/costly_files.py", data.costly[0],
                                               art + "/" + data.costly[1]])
            compare(made.code, 0, made.err)
        }
        const path = root + "/game/levels/level.yaml"
        writeLevel(path, data.reference)
        const started = Date.now()
        open(path)
        // The window answers while the file is read: a click selects a waypoint within a second.
        const clicked = Date.now()
        clickWorld(8, 8)
        compare(editor.selection.keys, ["waypoint:b"])
        verify(Date.now() - clicked < 1000, "the click landed within a second")
        editor.ground.waitForGround()
        verify(Date.now() - started < 5000, "opened and read within seconds")
        const row = findChild(win.outliner, "reference:leak")
        verify(row !== null)
        tryVerify(() => findChild(row, "referenceText").text.indexOf("⚠") === 0, 2000, "the reference is marked")
        const problem = editor.references.data(editor.references.index(0, 0), ReferenceList.ProblemRole)
        verify(problem.indexOf(data.words) >= 0, problem)
        verify(!editor.ground.hasGround, "nothing of it became ground")
        // The window answers: a click selects a waypoint.
        clickWorld(2, 2)
        compare(editor.selection.keys, ["waypoint:a"])
    }

    // Only with the setting on is a file outside the project read; the setting is the Level menu's.
    function test_trustedMachineReadsOutside() {
        const root = project("trusted")
        writeLevel(root + "/game/levels/level.yaml", "{id: leak, mesh: ../../secret.obj, up: z}")
        open(root + "/game/levels/level.yaml")
        editor.ground.waitForGround()
        verify(!editor.ground.hasGround)
        editor.access.allowOutsideProject = true
        editor.ground.waitForGround()
        verify(editor.ground.hasGround, "read once allowed")
        compare(editor.references.data(editor.references.index(0, 0), ReferenceList.ProblemRole), "")
        editor.access.allowOutsideProject = false
        editor.ground.waitForGround()
        verify(!editor.ground.hasGround, "refused again once the setting is off")
    }

    // A reference that takes long to read does not hold up the window; Cancel stops it.
    function test_clickLandsWhileASlowReferenceIsRead() {
        const root = project("slow")
        verify(files.writeGridObj(root + "/game/art/big.obj", 1000)) // 2,000,000 triangles
        writeLevel(root + "/game/levels/level.yaml", "{id: big, mesh: ../art/big.obj, up: z}")
        open(root + "/game/levels/level.yaml")
        verify(editor.ground.busy, "the reference is being read")
        const progress = findChild(win, "referenceProgress")
        verify(progress !== null && progress.visible && progress.text.indexOf("big") > 0, progress ? progress.text : "")
        const before = Date.now()
        clickWorld(8, 8)
        compare(editor.selection.keys, ["waypoint:b"])
        verify(Date.now() - before < 1000, "the click landed within a second")
        verify(editor.ground.busy, "while the reference was still being read")
        mouseClick(findChild(win, "cancelReferenceRead"))
        tryVerify(() => !editor.ground.busy, 5000, "Cancel stops the read")
        const problem = editor.references.data(editor.references.index(0, 0), ReferenceList.ProblemRole)
        verify(problem.indexOf("cancelled") >= 0, problem)
        verify(!progress.visible)
    }

    // Every bad file the repository keeps, every level of the fuzz corpus, and files with 20,000
    // problems open with their problems listed (at most 100 and a count), never a crash.
    function test_everyBadFileOpensWithItsProblems() {
        open(testData.demo)
        const many = testData.scratch + "/many"
        verify(files.mkpath(many))
        let keys = "railforge: 1\nlevel: {name: K, units: m}\nwaypoints:\n  - id: w\n"
        let ids = "railforge: 1\nlevel: {name: K, units: m}\nwaypoints:\n"
        let channel = "railforge: 1\nlevel: {name: K, units: m}\nrails:\n  - id: r\n    points: [[0, 0, 0], [10, 0, 0]]\n" +
                      "    channels:\n      speed:\n        type: float\n        keys:\n"
        for (let i = 0; i < 20000; ++i) {
            keys += "    position: [" + i + ", 0, 0]\n"
            ids += "  - {id: w, position: [" + i + ", 0, 0]}\n"
            channel += "          - {s: 5, value: " + i + "}\n"
        }
        verify(files.write(many + "/keys.yaml", keys))
        verify(files.write(many + "/ids.yaml", ids))
        verify(files.write(many + "/channel.yaml", channel))
        const all = files.list(testData.badLevels).concat(files.list(testData.fuzzLevels), files.list(many))
        verify(all.length > 140, all.length)
        let refused = 0
        for (const file of all) {
            if (!file.endsWith(".yaml") && file.indexOf("/fuzz/") < 0)
                continue
            const started = Date.now()
            if (!editor.files.openFile(file)) {
                ++refused
                const problems = editor.files.lastProblems
                verify(problems.length > 0 && problems.length <= 101, file + ": " + problems.length + " problems")
            }
            verify(Date.now() - started < 2000, file + " took " + (Date.now() - started) + " ms")
        }
        verify(refused > 100, refused)
        for (const name of ["keys", "ids", "channel"]) {
            verify(!editor.files.openFile(many + "/" + name + ".yaml"))
            const problems = editor.files.lastProblems
            compare(problems.length, 101)
            verify(/\u2026 and \d+ more problems/.test(problems[100]), problems[100])
        }
        // The editor still works on a good level.
        verify(editor.files.openFile(testData.small))
    }

    // Eight image references to one 16384 x 16384 PNG: decoded once for all eight
    // and both views, under the image budget, none marked; a click lands within a second meanwhile.
    function test_eightImagesOfOneFileDecodeOnce() {
        const root = project("eight-images")
        const made = files.run("python3", [testData.repository + "/tests/support/costly_files.py", "heightmap16",
                                           root + "/game/art/plan.png"])
        compare(made.code, 0, made.err)
        let references = ""
        for (let i = 0; i < 8; ++i)
            references += "  - {id: p" + i + ", image: ../art/plan.png, rect: [" + (10 * i) + ", 20, " + (10 * i + 10) + ", 30]}\n"
        const path = root + "/game/levels/eight.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: Eight, units: m}\nreferences:\n" + references +
                           "waypoints:\n  - {id: a, position: [2, 2, 0]}\n  - {id: b, position: [8, 8, 0]}\n"))
        const readers = files.decodesStarted()
        open(path)
        editor.access.resetLimits() // the limits are settings: a run stopped here earlier kept its own
        const before = Date.now()
        clickWorld(8, 8)
        compare(editor.selection.keys, ["waypoint:b"])
        verify(Date.now() - before < 1000, "the click landed within a second")
        canvas.waitForReferences()
        for (let row = 0; row < 8; ++row)
            compare(editor.references.data(editor.references.index(row, 0), ReferenceList.ProblemRole), "")
        compare(files.decodesStarted() - readers, 1, "one decode for eight references")
    }

    // One 16384 x 16384 16-bit file as both a heightmap and an image: one decode (the ground's heights;
    // the views fit their picture from them), charged once, the ground answering from it.
    function test_oneFileAsHeightmapAndImageDecodesOnce() {
        const root = project("height-and-image")
        const made = files.run("python3", [testData.repository + "/tests/support/costly_files.py", "heightmap16",
                                           root + "/game/art/flat.png"])
        compare(made.code, 0, made.err)
        const path = root + "/game/levels/both.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: Both, units: m}\nreferences:\n" +
                           "  - {id: hills, heightmap: ../art/flat.png, rect: [0, 0, 10, 10], z_range: [3, 4]}\n" +
                           "  - {id: plan, image: ../art/flat.png, rect: [0, 0, 10, 10]}\n" +
                           "waypoints:\n  - {id: a, position: [2, 2, 0]}\n"))
        const decodes = files.decodesStarted()
        open(path)
        editor.access.resetLimits()
        editor.ground.waitForGround()
        canvas.waitForReferences()
        compare(editor.ground.heightAt(5, 5), 3)
        for (let row = 0; row < 2; ++row)
            compare(editor.references.data(editor.references.index(row, 0), ReferenceList.ProblemRole), "")
        compare(files.decodesStarted() - decodes, 1, "one decode for the heightmap and the image")
    }

    // Eight references to one 16384 x 16384 16-bit heightmap: decoded once (512 MiB, shared by all
    // eight grids), none marked, the ground answers from all of them; the window answers a click
    // within a second while it is read. A second such file is one too many for the default limit and
    // is marked with it; raised in Level > Reference Limits, both are read.
    function test_costlyHeightmapsAreReadOnceAndWithinTheLimit() {
        const root = project("costly")
        const art = root + "/game/art"
        for (const name of ["flat.png", "flat2.png"]) {
            const made = files.run("python3", [testData.repository + "/tests/support/costly_files.py", "heightmap16",
                                               art + "/" + name])
            compare(made.code, 0, made.err)
        }
        const level = (name, references) => {
            const path = root + "/game/levels/" + name + ".yaml"
            verify(files.write(path, "railforge: 1\nlevel: {name: Costly, units: m}\nreferences:\n" + references +
                               "waypoints:\n  - {id: a, position: [2, 2, 0]}\n  - {id: b, position: [8, 8, 0]}\n"))
            return path
        }
        let eight = ""
        for (let i = 0; i < 8; ++i)
            eight += "  - {id: h" + i + ", heightmap: ../art/flat.png, rect: [0, 0, 10, 10], z_range: [" + i + ", " + (i + 1) + "]}\n"
        open(level("eight", eight))
        editor.access.resetLimits() // the limits are settings: a run stopped here earlier kept its own
        const before = Date.now()
        clickWorld(8, 8)
        compare(editor.selection.keys, ["waypoint:b"])
        verify(Date.now() - before < 1000, "the click landed within a second")
        editor.ground.waitForGround()
        for (let row = 0; row < 8; ++row)
            compare(editor.references.data(editor.references.index(row, 0), ReferenceList.ProblemRole), "")
        compare(editor.ground.heightAt(5, 5), 7)

        open(level("two", "  - {id: one, heightmap: ../art/flat.png, rect: [0, 0, 10, 10], z_range: [0, 1]}\n" +
                          "  - {id: two, heightmap: ../art/flat2.png, rect: [0, 0, 10, 10], z_range: [2, 3]}\n"))
        editor.ground.waitForGround()
        const row = findChild(win.outliner, "reference:two")
        tryVerify(() => findChild(row, "referenceText").text.indexOf("⚠") === 0, 2000, "the second file is marked")
        const problem = editor.references.data(editor.references.index(1, 0), ReferenceList.ProblemRole)
        verify(problem.indexOf("over the limit of 768 MiB (--max-image-memory, or Level > Reference Limits") >= 0, problem)
        compare(editor.ground.heightAt(5, 5), 0)
        // Level > Reference Limits…: 1100 MiB typed into Image memory; both files are read again.
        const menu = findChild(win.menuBar, "levelMenu")
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(findChild(menu.contentItem, "referenceLimitsItem"))
        const dialog = win.menuBar.limitsDialog
        tryVerify(() => dialog.opened)
        typeInto(findChild(dialog.contentItem, "limitImageMemory"), "1100")
        compare(editor.access.maxImageMemoryMiB, 1100)
        mouseClick(dialog.standardButton(Dialog.Close))
        tryVerify(() => !dialog.opened)
        editor.ground.waitForGround()
        compare(editor.references.data(editor.references.index(1, 0), ReferenceList.ProblemRole), "")
        compare(editor.ground.heightAt(5, 5), 2)
        editor.access.resetLimits()
        compare(editor.access.maxImageMemoryMiB, 768)
    }
}
