# Runs inside Godot 3 (godot3-server --no-window -s): imports a RailForge export with the shipped
# importer and checks the engine's own curves against the exported samples. Driven by
# test_godot_import.py, which reads the lines this prints:
#   RAILFORGE-ENGINE: started           the engine runs this script (the driver requires it)
#   FAIL: ...                           a check that failed
#   ROUTE <from> <to> <cost>|none       Godot's AStar route between every two waypoints
#   WALK <n> <rail> <crossed>           a RailWalker ride compared row by row with railforge-cli ride
#   RAILFORGE-ENGINE: PASS <n> checks   everything held (otherwise "FAIL" and exit code 1)
# GDScript does not stop on a script error: it leaves the function. So each check function
# returns true at its end and the caller expects that, and the driver also fails on any
# "SCRIPT ERROR" Godot prints.
#
# Tolerances, relative to each rail's length:
#   exact  1e-5: the distance from each exported sample to the engine's curve, searched with
#          Curve3D.interpolate(segment, t) on the segment knot_s names. Both describe the same
#          cubic exactly; what differs is Godot's 32-bit floats (Vector3 is float: about 6e-8 of
#          the coordinates' size per operation; measured at most 3.8e-7 of the length here), so
#          1e-5 leaves a margin of 25, while the knot the driver moves by 0.5 % of the length
#          puts samples 2.4e-3 of the length off, 240 times the tolerance.
#   baked  5e-3: Curve3D.interpolate_baked(s * baked_length / length), bake_interval = length / 500,
#          and the baked length itself. Godot 3.2 places its baked points by a coarse bisection
#          along t (a few steps per tenth of t), so consecutive points are not exactly
#          bake_interval apart, yet it takes the length as (points - 1) * bake_interval: the baked
#          length is off by a few tenths of a percent (measured: up to 0.3 %, worst on linear
#          rails, whose long straight segments make the bisection coarsest) and s lands
#          that far off along the curve. This is what a game calling interpolate_baked gets; the
#          exact check is the one that proves the curve.
#   up     15 degrees, at the knots only: the angle between Curve3D.interpolate_baked_up_vector
#          and the exported up vector at the sample nearest each knot. Godot 3.2 carries its up
#          vector its own way (no seam twist spread on closed curves, tilt interpolated linearly
#          between points), so only near the knots, where both tilts equal the knot's, do the two
#          agree: measured up to 11 degrees (at a linear rail's corners). It proves the tilt's
#          sign and units: negating it gives 50 to 178 degrees on the tilted rails.
#   stops  one sample spacing: the patrol curve joins the samples with straight lines, which cut
#          the path's corners by at most half a spacing.
extends SceneTree

const RailForge = preload("res://addons/railforge_import/railforge_loader.gd")
const RailWalker = preload("res://addons/railforge_import/railforge_walker.gd")
const EXACT = 1e-5
const BAKED = 5e-3
const UP_DEGREES = 15.0

var checks = 0
var failures = 0


func expect(ok, what):
	checks += 1
	if not ok:
		failures += 1
		print("FAIL: " + what)


func closest_on_segment(curve, segment, q):
	var best_t = 0.0
	var best = INF
	var steps = 32
	for k in range(steps + 1):
		var t = float(k) / steps
		var d = curve.interpolate(segment, t).distance_to(q)
		if d < best:
			best = d
			best_t = t
	var lo = max(0.0, best_t - 1.0 / steps)
	var hi = min(1.0, best_t + 1.0 / steps)
	for _i in range(40):
		var m1 = lo + (hi - lo) * 0.382
		var m2 = lo + (hi - lo) * 0.618
		if curve.interpolate(segment, m1).distance_to(q) < curve.interpolate(segment, m2).distance_to(q):
			hi = m2
		else:
			lo = m1
	return min(best, curve.interpolate(segment, (lo + hi) * 0.5).distance_to(q))


func check_rail(rail, path):
	var curve = path.curve
	var id = rail["id"]
	var length = rail["length"]
	var knots = rail["bezier"].size()
	var segments = knots if rail["closed"] else knots - 1
	expect(curve.get_point_count() == segments + 1, id + ": one curve point per knot (closed: the first again)")
	var knot_s = rail["knot_s"]
	var worst_exact = 0.0
	for row in rail["samples"]:
		var q = Vector3(row[1], row[3], -row[2])
		var i = 0
		while i + 1 < knot_s.size() and knot_s[i + 1] <= row[0]:
			i += 1
		i = min(i, segments - 1)
		var d = closest_on_segment(curve, i, q)
		if i > 0:
			d = min(d, closest_on_segment(curve, i - 1, q))
		if i + 1 < segments:
			d = min(d, closest_on_segment(curve, i + 1, q))
		worst_exact = max(worst_exact, d / length)
	expect(worst_exact <= EXACT, id + ": exported samples on the engine's curve (worst %s of the length)" % worst_exact)

	curve.bake_interval = length / 500.0
	var baked = curve.get_baked_length()
	var worst_baked = 0.0
	for row in rail["samples"]:
		var p = curve.interpolate_baked(row[0] * baked / length, true)
		worst_baked = max(worst_baked, p.distance_to(Vector3(row[1], row[3], -row[2])) / length)
	expect(worst_baked <= BAKED, id + ": interpolate_baked at each sample's s (worst %s of the length)" % worst_baked)
	expect(abs(baked - length) <= BAKED * length, id + ": baked length %s against the exported %s" % [baked, length])

	var worst_up = 0.0
	for s in knot_s:
		var row = rail["samples"][0]
		for r in rail["samples"]:
			if abs(r[0] - s) < abs(row[0] - s):
				row = r
		var up = curve.interpolate_baked_up_vector(row[0] * baked / length, true)
		worst_up = max(worst_up, rad2deg(up.angle_to(Vector3(row[7], row[9], -row[8]))))
	expect(worst_up <= UP_DEGREES, id + ": the engine's up vector at the knots (worst %.2f degrees)" % worst_up)

	var tilts = rail.get("tilt", [])
	for j in range(curve.get_point_count()):
		var want = deg2rad(tilts[j % knots]) if tilts.size() == knots else 0.0
		expect(abs(curve.get_point_tilt(j) - want) < 1e-6, id + ": tilt of point %d" % j)
	print("rail %s: %d samples, exact %.9f, baked %.6f of the length, up at knots %.2f degrees" % [id, rail["samples"].size(), worst_exact, worst_baked, worst_up])
	return true


# Every sampled value of every channel (events aside) is what sample_channel reads at the row's s.
func check_channels(rail, path):
	if not rail.has("channels"):
		return true
	for name in rail["channels"]:
		var channel = rail["channels"][name]
		if channel["type"] == "event":
			expect(RailForge.sample_channel(path, name, 0.0) == null, "an event channel has no value between keys")
			continue
		var wrong = 0
		for i in range(rail["samples"].size()):
			var s = rail["samples"][i][0]
			var got = RailForge.sample_channel(path, name, s)
			var want = channel["samples"][i]
			match channel["type"]:
				"float":
					if abs(got - want) > 1e-9 * max(1.0, abs(want)):
						wrong += 1
				"colour":
					var c = Color(want[0], want[1], want[2], want[3])
					if abs(got.r - c.r) > 1e-6 or abs(got.g - c.g) > 1e-6 or abs(got.b - c.b) > 1e-6 or abs(got.a - c.a) > 1e-6:
						wrong += 1
				"int":
					if typeof(got) != TYPE_INT or got != int(want):
						wrong += 1
				_:
					if got != want:
						wrong += 1
		expect(wrong == 0, "%s channel %s: sample_channel agrees with the %d exported samples (%d differ)" % [rail["id"], name, rail["samples"].size(), wrong])
		print("CHANNEL %s %s %d" % [rail["id"], name, rail["samples"].size()])
	return true


func check_patrol(patrol, path, waypoints):
	var curve = path.curve
	var id = patrol["id"]
	expect(curve.get_point_count() == patrol["samples"].size(), id + ": one curve point per sample")
	var baked = curve.get_baked_length()
	for stop in patrol["stops"]:
		var at = curve.interpolate_baked(stop["s"] * baked / patrol["length"], true)
		var node = waypoints.get_node(RailForge.node_name(stop["waypoint"]))
		var d = at.distance_to(node.translation)
		expect(d <= patrol["spacing"], id + ": at stop %s at s = %s (off by %s)" % [stop["waypoint"], stop["s"], d])
	expect(path.get_meta("stops").size() == patrol["stops"].size(), id + ": stops carried as metadata")
	return true


func check_graph(data, root):
	var nodes = data["graph"]["nodes"]
	var waypoints = root.get_node("Waypoints")
	expect(waypoints.get_child_count() == nodes.size(), "one Waypoints child per graph node")
	for node in nodes:
		var child = waypoints.get_node(RailForge.node_name(node["id"]))
		expect(child.get_meta("railforge_id") == node["id"], node["id"] + ": id metadata")
		expect(to_json(child.get_meta("properties")) == to_json(node["properties"]), node["id"] + ": properties metadata")
		for key in node["properties"]:
			expect(str(child.get_meta(key)) == str(node["properties"][key]), node["id"] + ": property " + key)
		expect(child.translation.distance_to(RailForge.to_godot(node["position"])) < 1e-4, node["id"] + ": position")
	var astar = RailForge.build_astar(data)
	var arcs = 0
	for edge in data["graph"]["edges"]:
		arcs += 2 if edge["bidirectional"] else 1
	var connections = 0
	for i in range(nodes.size()):
		connections += astar.get_point_connections(i).size()
	expect(connections == arcs, "AStar connections %d, export arcs %d" % [connections, arcs])
	print("graph: %d nodes, %d edges, %d arcs" % [nodes.size(), data["graph"]["edges"].size(), arcs])
	for a in range(nodes.size()):
		for b in range(nodes.size()):
			var route = astar.get_id_path(a, b)
			if route.size() == 0:
				print("ROUTE %s %s none" % [nodes[a]["id"], nodes[b]["id"]])
				continue
			var cost = 0.0
			for k in range(1, route.size()):
				cost += astar._compute_cost(route[k - 1], route[k])
			print("ROUTE %s %s %.12f" % [nodes[a]["id"], nodes[b]["id"], cost])
	return true


# RailWalkers ride the level as `railforge-cli ride` did (RAILFORGE_RIDES: a JSON list of rides, each
# {rail, forward, speed, dt, choices, rows: [[t, rail, s, x, y, z], ...]}): at every row the same
# rail and s (1e-9) and position (1e-4: Vector3 is single precision), and no step moves the walker
# further than it rides (no jump at a junction).
func check_walkers(root):
	var file = OS.get_environment("RAILFORGE_RIDES")
	if file == "":
		return true
	var f = File.new()
	expect(f.open(file, File.READ) == OK, "rides file opens")
	var rides = JSON.parse(f.get_as_text()).result
	f.close()
	for ride in rides:
		var walker = RailWalker.new()
		root.add_child(walker)
		walker.start(ride["rail"], ride["s"], ride["forward"])
		walker.choices = ride["choices"].duplicate()
		var rows = ride["rows"]
		var last = walker.translation
		var worst = 0.0
		var jump = 0.0
		for i in range(rows.size()):
			if i > 0:
				walker.advance(ride["speed"] * ride["dt"])
			var row = rows[i]
			expect(walker.rail == row[1] and abs(walker.s - row[2]) < 1e-9,
					"walker at row %d on %s s %f, ride says %s s %f" % [i, walker.rail, walker.s, row[1], row[2]])
			var p = walker.pose()[0]
			worst = max(worst, p.distance_to(Vector3(row[3], row[4], row[5])))
			jump = max(jump, walker.translation.distance_to(last) - ride["speed"] * ride["dt"])
			last = walker.translation
		expect(worst < 1e-4, "walker positions within 1e-4 of the ride's (worst %s)" % str(worst))
		expect(jump < 1e-4, "no step of the walker jumps (worst excess %s)" % str(jump))
		print("WALK %d %s %s" % [rows.size(), walker.rail, PoolStringArray(walker.crossed).join(",")])
		walker.free()
	return true


func _init():
	print("RAILFORGE-ENGINE: started")
	var file = OS.get_environment("RAILFORGE_EXPORT")
	var data = RailForge.read_export(file)
	expect(data != null, "the importer reads " + file)
	if data != null:
		var root = RailForge.build_level(data)
		var metres = data["coordinates"]["metres_per_unit"]
		expect(metres == null or is_equal_approx(root.scale.x, metres), "root scaled to metres")
		var rails = root.get_node("Rails")
		expect(rails.get_child_count() == data["rails"].size(), "one Path per rail")
		for i in range(data["rails"].size()):
			expect(check_rail(data["rails"][i], rails.get_child(i)) == true, "rail check ran to its end")
			expect(check_channels(data["rails"][i], rails.get_child(i)) == true, "channel check ran to its end")
		var patrols = root.get_node("Patrols")
		expect(patrols.get_child_count() == data["patrols"].size(), "one Path per patrol")
		for i in range(data["patrols"].size()):
			expect(check_patrol(data["patrols"][i], patrols.get_child(i), root.get_node("Waypoints")) == true,
					"patrol check ran to its end")
		expect(check_graph(data, root) == true, "graph check ran to its end")
		expect(check_walkers(root) == true, "walker check ran to its end")
		root.free()
		# What the editor addon does: save as a scene, load it back, same nodes.
		expect(RailForge.save_scene(file, "res://imported.tscn") == OK, "saved as a scene")
		var scene = load("res://imported.tscn").instance()
		expect(scene.get_node("Rails").get_child_count() == data["rails"].size(), "the saved scene has every rail")
		expect(scene.get_node("Waypoints").get_child_count() == data["graph"]["nodes"].size(), "and every waypoint")
		scene.free()
		# The editor addon's script compiles in this engine (its menu and dialog need the editor).
		var addon = load("res://addons/railforge_import/plugin.gd")
		expect(addon != null and addon.can_instance(), "the editor addon's plugin.gd compiles")
	if failures == 0:
		print("RAILFORGE-ENGINE: PASS %d checks" % checks)
	else:
		print("RAILFORGE-ENGINE: FAIL %d of %d checks" % [failures, checks])
	OS.exit_code = 0 if failures == 0 else 1
	quit()
