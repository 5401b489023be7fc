# RailWalker: a node that rides a RailForge level's rails at a speed, across its junctions, as
# `railforge-cli ride` does (docs/export-format.md "junctions"):
#
#     const RailWalker = preload("res://addons/railforge_import/railforge_walker.gd")
#     var walker = RailWalker.new()
#     level.add_child(walker)              # level: RailForge.load_level(...) or its saved scene
#     walker.start("main", 0.0, true)      # rail id, arc length, riding forward (s growing)
#     walker.speed = 10.0                  # level units per second; moves in _physics_process
#     walker.choices = ["to_lift"]         # optional: the way (a rail id) at each junction reached
#
# At a junction reached along its rail in its `arrive` direction the walker takes the next of
# `choices` (when it names one of the ways), else the junction's default; coming back along a way
# it merges onto the junction's rail. The distance left over goes on along the next rail, so a
# crossing has no jump. An open end without a junction stops it (`stopped`). Positions come from the
# exported rows (exact at each row, straight between them); translation and basis follow in the
# level's space (Godot axes), the basis looking along the direction of travel with the rail's up.
extends Spatial

const MAX_HOPS = 100000

var speed = 0.0
var choices = []
var rail = ""
var s = 0.0
var forward = true
var stopped = false
var crossed = [] # the ids of the junctions passed, in order
var _level = null


# Starts on `rail_id` at arc length `at`, riding forward or backward.
func start(rail_id, at, riding_forward = true):
	_level = get_parent()
	rail = rail_id
	s = at
	forward = riding_forward
	stopped = false
	crossed = []
	_place()


func _physics_process(delta):
	if speed > 0.0 and not stopped and rail != "":
		advance(speed * delta)


func _find_rail(id):
	for path in _level.get_node("Rails").get_children():
		if path.get_meta("railforge_id") == id:
			return path
	return null


func _junctions():
	return _level.get_meta("junctions") if _level.has_meta("junctions") else []


# How far ahead (riding this way) point x of a rail of `length` is, strictly ahead; -1 when not.
func _ahead(x, length, closed):
	var d = x - s if forward else s - x
	if d > 0.0:
		return d
	if closed:
		d += length
		return d if d > 0.0 else -1.0
	return -1.0


# Moves `distance` along the network; returns the distance actually moved.
func advance(distance):
	var left = distance
	var moved = 0.0
	var hops = 0
	while left > 0.0 and not stopped and hops < MAX_HOPS:
		var path = _find_rail(rail)
		var length = path.get_meta("length")
		var closed = path.get_meta("closed")
		var at_end = not closed and ((forward and s >= length) or (not forward and s <= 0.0))
		var best = INF
		var hit = null
		var junctions = _junctions()
		for i in range(junctions.size()):
			var j = junctions[i]
			var candidates = []
			if j["at"]["rail"] == rail and (j["arrive"] == "forward") == forward:
				candidates.append([j["at"]["s"], -1])
			for k in range(j["ways"].size()):
				var w = j["ways"][k]
				if w["rail"] == rail and (w["direction"] == "forward") != forward:
					candidates.append([w["s"], k])
			for c in candidates:
				var d = _ahead(c[0], length, closed)
				if at_end and abs(c[0] - s) < 1e-12:
					d = 0.0 # at an open end facing out: a junction there is taken at once
				if d >= 0.0 and d < best:
					best = d
					hit = [i, c[1]]
		var to_end = INF if closed else (length - s if forward else s)
		if hit != null and best <= left:
			_move(best, length, closed)
			left -= best
			moved += best
			_cross(junctions[hit[0]], hit[1] >= 0)
			hops += 1
		elif to_end <= left:
			s = length if forward else 0.0
			left -= to_end
			moved += to_end
			stopped = left > 0.0
			left = 0.0
		else:
			_move(left, length, closed)
			moved += left
			left = 0.0
	_place()
	return moved


func _move(d, length, closed):
	s = s + d if forward else s - d
	if closed:
		s = fmod(s, length)
		if s < 0.0:
			s += length


# Onto a way (arriving along the junction's rail) or back onto its rail (arriving along a way).
func _cross(j, merge):
	crossed.append(j["id"])
	if merge:
		rail = j["at"]["rail"]
		s = j["at"]["s"]
		forward = j["arrive"] != "forward"
		return
	var ways = j["ways"]
	var way = null
	if choices.size() > 0:
		var wanted = choices.pop_front()
		for w in ways:
			if w["rail"] == wanted:
				way = w
	if way == null:
		for w in ways:
			if w["rail"] == j["default"]:
				way = w
	rail = way["rail"]
	s = way["s"]
	forward = way["direction"] == "forward"


# Position, direction of travel and up at the walker's place, in RailForge axes:
# [position, tangent, up] between the exported rows around s.
func pose():
	var rows = _find_rail(rail).get_meta("samples")
	var lo = 0
	var hi = rows.size() - 1
	while hi - lo > 1:
		var mid = (lo + hi) / 2
		if rows[mid][0] <= s:
			lo = mid
		else:
			hi = mid
	var a = rows[lo]
	var b = rows[hi]
	var w = 0.0 if b[0] <= a[0] else clamp((s - a[0]) / (b[0] - a[0]), 0.0, 1.0)
	var p = []
	var t = []
	var u = []
	for k in range(3):
		p.append(a[1 + k] + (b[1 + k] - a[1 + k]) * w)
		t.append(a[4 + k] + (b[4 + k] - a[4 + k]) * w)
		u.append(a[7 + k] + (b[7 + k] - a[7 + k]) * w)
	var tangent = Vector3(t[0], t[1], t[2]).normalized()
	if not forward:
		tangent = -tangent
	return [Vector3(p[0], p[1], p[2]), tangent, Vector3(u[0], u[1], u[2]).normalized()]


func _place():
	var at = pose()
	var p = at[0]
	var t = at[1]
	var u = at[2]
	translation = Vector3(p.x, p.z, -p.y)
	var forward_g = Vector3(t.x, t.z, -t.y)
	var up_g = Vector3(u.x, u.z, -u.y)
	# Godot looks along -z: z is backward, y up, x to the right.
	var z = -forward_g
	var x = up_g.cross(z).normalized()
	transform.basis = Basis(x, z.cross(x), z)
