# Reads a RailForge engine export (JSON, format version 2) and builds Godot 3 nodes from it.
# Usable at runtime and from the editor addon (plugin.gd):
#
#     const RailForge = preload("res://addons/railforge_import/railforge_loader.gd")
#     var level = RailForge.load_level("res://levels/harbour.export.json")   # a Spatial, or null
#     add_child(level)
#
# The scene: <level name> (Spatial, scaled by metres_per_unit so world space is metres)
#   Rails/<id>     Path, Curve3D from the exact Bezier knots (closed rails end on their first
#                  knot again: Godot 3 curves have no "closed" flag), tilt applied per knot
#   Patrols/<id>   Path, Curve3D through the patrol's samples (polyline: no handles)
#   Waypoints/<id> Position3D per graph node
#   Junctions/<id> Position3D per junction, with "at", "arrive", "ways" and "default" as metadata;
#                  railforge_walker.gd (RailWalker) rides the rails across them
#   Agents/<id>    Navigation per agent (its "radius", "height", "climb", "slope" as metadata) with
#                  one NavigationMeshInstance, NavMesh, holding the agent's navigation mesh as
#                  RailForge baked it (when the export carries one): get_simple_path walks it
#   Patrols carry their "agent" and "follow" (navmesh or graph) when they have an agent.
# Metadata: every node carries "railforge_id" and "properties" (the export's typed properties;
# also one meta entry per property); rails carry "closed", "length", "knot_s", "samples" and, when they have
# data along them, "channels" (read it with sample_channel(path, name, s)); patrols "mode",
# "length", "stops" ([{waypoint, s}]) and "pipeline"; the root "coordinates", "edges" and
# "obstacles" and "junctions" as exported. build_astar(data) gives an AStar with the export's edge costs.
#
# Axes: RailForge is z up, right-handed; Godot is y up, right-handed. A RailForge vector
# (x, y, z) is Godot's (x, z, -y): a rotation, so handles, tangents and up vectors map the same
# way and tilt keeps its sign (both turn right-handed about the direction of travel). Knot handles
# are absolute in the export and offsets in Curve3D: in - position, out - position.
extends Reference

const FORMAT_VERSION = 2
const RailForgeAStar = preload("railforge_astar.gd")


# A RailForge vector [x, y, z] as a Godot Vector3 (y up).
static func to_godot(v):
	return Vector3(v[0], v[2], -v[1])


# The export as a Dictionary, or null (with the reason pushed as an error).
static func read_export(path):
	var file = File.new()
	if file.open(path, File.READ) != OK:
		push_error("RailForge: cannot open " + path)
		return null
	var text = file.get_as_text()
	file.close()
	var parsed = JSON.parse(text)
	if parsed.error != OK:
		push_error("RailForge: %s:%d: %s" % [path, parsed.error_line, parsed.error_string])
		return null
	var data = parsed.result
	if typeof(data) != TYPE_DICTIONARY or data.get("format") != "railforge-export":
		push_error("RailForge: " + path + " is not a RailForge export")
		return null
	if int(data.get("version", 0)) != FORMAT_VERSION:
		push_error("RailForge: " + path + " is export version " + str(data.get("version")) + ", this importer reads " + str(FORMAT_VERSION))
		return null
	return data


# Node names cannot hold . : @ / " % (Godot 3.2 has no validate_node_name yet).
static func node_name(id):
	var name = str(id)
	for c in [".", ":", "@", "/", "\"", "%"]:
		name = name.replace(c, "_")
	return name


static func _carry(node, id, properties):
	node.name = node_name(id)
	node.set_meta("railforge_id", id)
	node.set_meta("properties", properties)
	for key in properties:
		node.set_meta(str(key), properties[key])


# The rail's curve from its Bezier knots: exact (segment i is knot i, its out handle, knot i+1's
# in handle, knot i+1), tilt in radians, a closed rail's first knot repeated at the end.
static func rail_curve(rail):
	var curve = Curve3D.new()
	var knots = rail["bezier"]
	var tilts = rail.get("tilt", [])
	var n = knots.size()
	var count = n + 1 if rail["closed"] else n
	for j in range(count):
		var i = j % n
		var p = to_godot(knots[i][0])
		var handle_in = to_godot(knots[i][1]) - p
		var handle_out = to_godot(knots[i][2]) - p if j < n else Vector3()
		if j == 0 and rail["closed"]:
			handle_in = Vector3() # the closing copy at the end carries it
		curve.add_point(p, handle_in, handle_out)
		if tilts.size() == n:
			curve.set_point_tilt(j, deg2rad(tilts[i]))
	return curve


# A patrol's curve through its samples (the path is a polyline: no handles).
static func patrol_curve(patrol):
	var curve = Curve3D.new()
	for row in patrol["samples"]:
		curve.add_point(Vector3(row[1], row[3], -row[2]))
	return curve


# An AStar over the graph: point ids are the node indices, costs the exported edge costs, one-way
# edges connected one way. Waypoint ids map to point ids through get_meta("ids").
static func build_astar(data):
	var astar = RailForgeAStar.new()
	var ids = {}
	var nodes = data["graph"]["nodes"]
	for i in range(nodes.size()):
		ids[nodes[i]["id"]] = i
		astar.add_point(i, to_godot(nodes[i]["position"]))
	for edge in data["graph"]["edges"]:
		var a = ids[edge["from"]]
		var b = ids[edge["to"]]
		astar.connect_points(a, b, edge["bidirectional"])
		astar.set_cost(a, b, edge["cost"])
		if edge["bidirectional"]:
			astar.set_cost(b, a, edge["cost"])
	astar.set_meta("ids", ids)
	return astar


# Builds the scene of an export already read (see read_export).
static func build_level(data):
	var root = Spatial.new()
	root.name = node_name(data["level"]["name"])
	var metres = data["coordinates"]["metres_per_unit"]
	if metres != null:
		root.scale = Vector3(metres, metres, metres)
	root.set_meta("coordinates", data["coordinates"])
	root.set_meta("edges", data["graph"]["edges"])
	root.set_meta("obstacles", data["obstacles"])
	root.set_meta("junctions", data.get("junctions", []))

	var rails = Spatial.new()
	rails.name = "Rails"
	root.add_child(rails)
	for rail in data["rails"]:
		var path = Path.new()
		path.curve = rail_curve(rail)
		_carry(path, rail["id"], rail["properties"])
		path.set_meta("closed", rail["closed"])
		path.set_meta("length", rail["length"])
		path.set_meta("knot_s", rail["knot_s"])
		path.set_meta("samples", rail["samples"])
		if rail.has("channels"):
			path.set_meta("channels", rail["channels"])
		rails.add_child(path)

	var patrols = Spatial.new()
	patrols.name = "Patrols"
	root.add_child(patrols)
	for patrol in data["patrols"]:
		var path = Path.new()
		path.curve = patrol_curve(patrol)
		_carry(path, patrol["id"], patrol["properties"])
		path.set_meta("mode", patrol["mode"])
		path.set_meta("length", patrol["length"])
		path.set_meta("stops", patrol["stops"])
		path.set_meta("pipeline", patrol["pipeline"])
		if patrol.has("agent"):
			path.set_meta("agent", patrol["agent"])
			path.set_meta("follow", patrol["follow"])
		patrols.add_child(path)

	var waypoints = Spatial.new()
	waypoints.name = "Waypoints"
	root.add_child(waypoints)
	for node in data["graph"]["nodes"]:
		var point = Position3D.new()
		_carry(point, node["id"], node["properties"])
		point.translation = to_godot(node["position"])
		waypoints.add_child(point)

	var agents = Spatial.new()
	agents.name = "Agents"
	root.add_child(agents)
	for agent in data.get("agents", []):
		var navigation = Navigation.new()
		_carry(navigation, agent["id"], agent["properties"])
		for key in ["radius", "height", "climb", "slope"]:
			navigation.set_meta(key, agent[key])
		agents.add_child(navigation)
		if agent.has("navmesh"):
			var instance = NavigationMeshInstance.new()
			instance.name = "NavMesh"
			instance.navmesh = navigation_mesh(agent)
			navigation.add_child(instance)

	var junctions = Spatial.new()
	junctions.name = "Junctions"
	root.add_child(junctions)
	for junction in data.get("junctions", []):
		var point = Position3D.new()
		_carry(point, junction["id"], junction["properties"])
		point.translation = to_godot(junction["position"])
		for key in ["at", "arrive", "ways", "default"]:
			point.set_meta(key, junction[key])
		junctions.add_child(point)
	return root


# The value of channel `name` of a rail's Path at arc length s (level units, 0 at the rail's start),
# read between the channel's keys as RailForge reads it: step takes the last key at or before s,
# linear a + (b - a) w, smoothstep a + (b - a) w^2 (3 - 2w); before the first key the first value,
# after the last the last; on a closed rail from the last key across the seam to the first. A float
# as a float, an int as an int, a bool as a bool, a string as a String, a colour as a Color; null
# for an event channel (events are their keys: meta "channels"[name]["keys"]) or a missing channel.
static func sample_channel(path, name, s):
	if not path.has_meta("channels") or not path.get_meta("channels").has(name):
		return null
	var channel = path.get_meta("channels")[name]
	if channel["type"] == "event":
		return null
	var keys = channel["keys"]
	var length = path.get_meta("length")
	var i = -1
	while i + 1 < keys.size() and keys[i + 1][0] <= s:
		i += 1
	var a
	var b
	var sa
	var sb
	if path.get_meta("closed") and (i < 0 or i == keys.size() - 1):
		a = keys[keys.size() - 1]
		b = keys[0]
		sa = a[0] - length if i < 0 else a[0]
		sb = b[0] if i < 0 else b[0] + length
	elif i < 0:
		return _channel_value(channel, keys[0][1])
	elif i == keys.size() - 1:
		return _channel_value(channel, keys[i][1])
	else:
		a = keys[i]
		b = keys[i + 1]
		sa = a[0]
		sb = b[0]
	# RailForge writes "interp" only for types that have values between keys, and only float and
	# colour may blend (its channel type table): "step" or no interp means the value steps.
	var blends = channel.get("interp", "step") != "step"
	if not blends or sb <= sa:
		return _channel_value(channel, a[1])
	# Not clamp(): Godot 3's clamp rounds to single precision (2e-9 off here).
	var w = (s - sa) / (sb - sa)
	if w < 0.0:
		w = 0.0
	elif w > 1.0:
		w = 1.0
	if channel["interp"] == "smoothstep":
		w = w * w * (3.0 - 2.0 * w)
	if typeof(a[1]) == TYPE_ARRAY:
		var mixed = []
		for k in range(4):
			mixed.append(a[1][k] + (b[1][k] - a[1][k]) * w)
		return _channel_value(channel, mixed)
	return a[1] + (b[1] - a[1]) * w


# A channel value from the export as Godot holds it. The value's JSON shape says what it is (a
# colour is [r, g, b, a]); only "int" is named, because Godot reads every JSON number as a float.
static func _channel_value(channel, value):
	if typeof(value) == TYPE_ARRAY:
		return Color(value[0], value[1], value[2], value[3])
	if channel["type"] == "int":
		return int(value)
	return value


# An agent's navigation mesh as Godot's NavigationMesh: RailForge's corners (y up) and convex
# polygons as baked, the agent's sizes in its agent_* fields (level units, as the root scales them).
static func navigation_mesh(agent):
	var mesh = NavigationMesh.new()
	var baked = agent["navmesh"]
	var vertices = PoolVector3Array()
	for v in baked["vertices"]:
		vertices.append(to_godot(v))
	mesh.set_vertices(vertices)
	for polygon in baked["polygons"]:
		var indices = PoolIntArray()
		for i in polygon:
			indices.append(int(i))
		mesh.add_polygon(indices)
	# Godot 3.2 groups these ("cell/size", "agent/radius"...): their setters are what a script calls.
	mesh.set_cell_size(baked["cell"])
	mesh.set_agent_radius(agent["radius"])
	mesh.set_agent_height(agent["height"])
	mesh.set_agent_max_climb(agent["climb"])
	mesh.set_agent_max_slope(agent["slope"])
	return mesh


# Reads and builds in one call: the level's Spatial, or null.
static func load_level(path):
	var data = read_export(path)
	if data == null:
		return null
	return build_level(data)


# Saves the level as a scene (what the editor addon does): owners set so every node is packed.
static func save_scene(path, scene_path):
	var root = load_level(path)
	if root == null:
		return ERR_PARSE_ERROR
	_own(root, root)
	var packed = PackedScene.new()
	var err = packed.pack(root)
	root.free()
	if err != OK:
		return err
	return ResourceSaver.save(scene_path, packed)


static func _own(node, owner):
	for child in node.get_children():
		child.owner = owner
		_own(child, owner)
