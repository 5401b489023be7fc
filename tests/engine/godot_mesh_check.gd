# Runs inside Godot 3 (godot3-server --no-window -s), in a project whose .glb files the editor has
# imported with its own glTF importer: loads each imported scene as a game would and checks, with
# the engine's own nodes, transforms and mesh arrays, that every vertex of each rail's mesh lies on
# the rail's profile placed at the exported frame there. Driven by test_mesh_import.py through a plan
# (RAILFORGE_MESH_PLAN, JSON):
#   {"tolerance": metres, "files": [{"scene": "res://x.glb", "export": "/path/x.json" or null,
#     "metres_per_unit": m, "rails": [{"id": ID, "godot": NODE NAME, "check": bool, "hold": bool,
#     "stride": n, "outline": [[x, y], ...]}]}]}
# `outline` is the profile's points in level units (x along the rider's right, y along the rider's
# up), where the sweep puts every vertex; `check` false: the node and its mesh only; `hold` false: the
# distances measured and printed, not held to the tolerance; every `stride`th vertex. Prints:
#   RAILFORGE-MESH: started
#   NODES <scene> <JSON list>       the names of the imported scene's top nodes, as Godot made them
#   RAIL <scene> <id> vertices <n> checked <c> off <k> worst <metres> s <metres>
#   FAIL: ...                       a check that failed
#   RAILFORGE-MESH: PASS <n> checks everything held (otherwise FAIL and exit code 1)
# The check, per vertex: Godot's world position (node transform times the vertex, in GDScript's
# doubles: Vector3 and Transform are 32-bit, and a rail may sit 1e9 from the origin) taken back to the
# level's axes (Godot is y up like glTF: level = (x, -z, y)) and units; its station s from its UV's v
# (metres); the exported sample nearest that s; the vertex's offset from the sample's point in the
# sample's cross-section plane (right = tangent x up, up), the along-track part left out; the distance
# from there to the nearest profile point. Where the tangent jumps between the two samples around s
# (a linear rail's corner), the smaller of the two samples' distances.
# The project imports with mesh compression off: Godot's default keeps UVs as half floats, too coarse
# for s on long rails. GDScript does not stop on a script error: the driver also fails on any
# "SCRIPT ERROR".
extends SceneTree

# Between two samples whose tangents differ by more than this, the frame jumps (a corner).
const CORNER_COS = 0.9961946980917455  # cos(5 degrees)

var checks = 0
var failures = 0
var plan = null


func expect(ok, what):
	checks += 1
	if not ok:
		failures += 1
		print("FAIL: " + what)


func read_json(path):
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return null
	var parsed = JSON.parse(f.get_as_text())
	f.close()
	return parsed.result if parsed.error == OK else null


# The distance (level units) from a level point to the profile placed at one sample's frame,
# measured in the sample's cross-section plane.
func off_profile(row, p, outline):
	var tx = row[4]
	var ty = row[5]
	var tz = row[6]
	var ux = row[7]
	var uy = row[8]
	var uz = row[9]
	# right = tangent x up (docs/design.md "Track meshes").
	var rx = ty * uz - tz * uy
	var ry = tz * ux - tx * uz
	var rz = tx * uy - ty * ux
	var dx = p[0] - row[1]
	var dy = p[1] - row[2]
	var dz = p[2] - row[3]
	var x = dx * rx + dy * ry + dz * rz
	var y = dx * ux + dy * uy + dz * uz
	var best = INF
	for q in outline:
		best = min(best, (x - q[0]) * (x - q[0]) + (y - q[1]) * (y - q[1]))
	return sqrt(best)


# The distance for a vertex at station s: the nearest sample's, or at a corner the nearer side's.
func vertex_off(rows, stations, s, p, outline):
	var n = rows.size()
	if n == 1:
		return off_profile(rows[0], p, outline)
	# The last sample at or before s (binary search), and the one after it.
	var lo = 0
	var hi = n - 1
	while hi - lo > 1:
		var mid = (lo + hi) / 2
		if stations[mid] <= s:
			lo = mid
		else:
			hi = mid
	var a = rows[lo]
	var b = rows[hi]
	var turn = a[4] * b[4] + a[5] * b[5] + a[6] * b[6]
	if turn < CORNER_COS:
		return min(off_profile(a, p, outline), off_profile(b, p, outline))
	return off_profile(a if abs(s - stations[lo]) <= abs(stations[hi] - s) else b, p, outline)


# The node's transform in the imported scene (the scene is not in a tree: composed by hand).
func scene_transform(node):
	var t = node.transform
	var p = node.get_parent()
	while p != null:
		if p is Spatial:
			t = p.transform * t
		p = p.get_parent()
	return t


func check_rail(scene_path, root, rail, samples, metres):
	var id = rail["id"]
	var node = root.get_node_or_null(NodePath(rail["godot"]))
	expect(node != null, "%s: a node named %s (rail %s)" % [scene_path, rail["godot"], id])
	if node == null:
		return true
	var mesh = node.mesh if node is MeshInstance else null
	expect(mesh != null and mesh.get_surface_count() > 0, "%s: %s is a MeshInstance with a mesh" % [scene_path, id])
	if mesh == null:
		return true
	var t = scene_transform(node)
	var b = t.basis
	var o = t.origin
	var vertices = 0
	var checked = 0
	var off = 0
	var worst = 0.0
	var worst_s = 0.0
	var tolerance = plan["tolerance"]
	var rows = samples.get(id, []) if samples != null else []
	var stations = []
	for row in rows:
		stations.append(row[0])
	expect(not rail["check"] or rows.size() > 0, "%s: %s has exported samples" % [scene_path, id])
	var stride = int(rail["stride"])
	var outline = rail["outline"]
	for surface in range(mesh.get_surface_count()):
		var arrays = mesh.surface_get_arrays(surface)
		var points = arrays[Mesh.ARRAY_VERTEX]
		var uvs = arrays[Mesh.ARRAY_TEX_UV]
		vertices += points.size()
		if not rail["check"] or rows.size() == 0:
			continue
		expect(uvs.size() == points.size(), "%s: %s has a UV per vertex" % [scene_path, id])
		for k in range(0, points.size(), stride):
			var v = points[k]
			# In doubles: each float32 component promoted before the sum.
			var gx = b.x.x * v.x + b.y.x * v.y + b.z.x * v.z + o.x
			var gy = b.x.y * v.x + b.y.y * v.y + b.z.y * v.z + o.y
			var gz = b.x.z * v.x + b.y.z * v.y + b.z.z * v.z + o.z
			var p = [gx / metres, -gz / metres, gy / metres]
			var s = uvs[k].y / metres
			var d = vertex_off(rows, stations, s, p, outline) * metres
			checked += 1
			if d > tolerance:
				off += 1
			if d > worst:
				worst = d
				worst_s = uvs[k].y
	expect(vertices > 0, "%s: %s's mesh has vertices" % [scene_path, id])
	if rail["check"] and rail["hold"]:
		expect(checked > 0 and off == 0,
				"%s: %s: %d of %d vertices off the profile at the exported frames by more than %s m (worst %s m at s %s m)"
				% [scene_path, id, off, checked, tolerance, worst, worst_s])
	print("RAIL %s %s vertices %d checked %d off %d worst %.9f s %.6f"
			% [scene_path, id, vertices, checked, off, worst, worst_s])
	return true


func check_file(file):
	var scene_path = file["scene"]
	var packed = load(scene_path)
	expect(packed is PackedScene, scene_path + ": Godot loads the imported scene")
	if not packed is PackedScene:
		return true
	var root = packed.instance()
	var names = []
	for child in root.get_children():
		names.append(child.name)
	print("NODES %s %s" % [scene_path, to_json(names)])
	var samples = null
	if file["export"] != null:
		var data = read_json(file["export"])
		expect(data != null, scene_path + ": the export reads: " + str(file["export"]))
		if data != null:
			samples = {}
			for rail in data["rails"]:
				samples[rail["id"]] = rail["samples"]
	for rail in file["rails"]:
		expect(check_rail(scene_path, root, rail, samples, float(file["metres_per_unit"])) == true,
				"rail check ran to its end")
	root.free()
	return true


func _init():
	print("RAILFORGE-MESH: started")
	plan = read_json(OS.get_environment("RAILFORGE_MESH_PLAN"))
	expect(plan != null, "the plan reads")
	if plan != null:
		for file in plan["files"]:
			expect(check_file(file) == true, "file check ran to its end")
	if failures == 0:
		print("RAILFORGE-MESH: PASS %d checks" % checks)
	else:
		print("RAILFORGE-MESH: FAIL %d of %d checks" % [failures, checks])
	OS.exit_code = 0 if failures == 0 else 1
	quit()
