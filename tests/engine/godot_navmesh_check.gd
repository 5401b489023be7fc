# Runs inside Godot 3 (godot3-server --no-window -s): imports a RailForge export that carries an
# agent's navigation mesh with the shipped importer, puts the level in the scene tree and asks Godot's
# own Navigation for the way between waypoints. Driven by test_godot_navmesh.py, which reads:
#   RAILFORGE-ENGINE: started
#   AGENT <id> <radius> <polygons>          an agent's Navigation and its NavigationMesh
#   PATROL <id> <agent> <follow>            a patrol's metadata
#   NAVPATH <from> <to> <points> <length>   Godot's get_simple_path between two waypoints
#   RAILFORGE-ENGINE: DONE
extends SceneTree

const RailForge = preload("res://addons/railforge_import/railforge_loader.gd")


# GDScript does not stop on a script error: it leaves the function. The work is in walk(), and quit()
# comes after it whatever happened (the driver fails on a missing DONE and on any SCRIPT ERROR).
func _initialize():
	print("RAILFORGE-ENGINE: started")
	if walk():
		print("RAILFORGE-ENGINE: DONE")
	quit(0)


func walk():
	var data = RailForge.read_export(OS.get_environment("RAILFORGE_EXPORT"))
	if data == null:
		return false
	var level = RailForge.build_level(data)
	root.add_child(level)
	for agent in level.get_node("Agents").get_children():
		var instance = agent.get_node("NavMesh")
		print("AGENT %s %s %d" % [agent.get_meta("railforge_id"), agent.get_meta("radius"), instance.navmesh.get_polygon_count()])
	for patrol in level.get_node("Patrols").get_children():
		if patrol.has_meta("agent"):
			print("PATROL %s %s %s" % [patrol.get_meta("railforge_id"), patrol.get_meta("agent"), patrol.get_meta("follow")])
	var places = {}
	for node in data["graph"]["nodes"]:
		places[node["id"]] = node["position"]
	var navigation = level.get_node("Agents/" + OS.get_environment("RAILFORGE_AGENT"))
	for leg in OS.get_environment("RAILFORGE_LEGS").split(";"):
		var ends = leg.split(",")
		var path = navigation.get_simple_path(RailForge.to_godot(places[ends[0]]), RailForge.to_godot(places[ends[1]]), true)
		var length = 0.0
		for i in range(1, path.size()):
			length += path[i].distance_to(path[i - 1])
		print("NAVPATH %s %s %d %.6f" % [ends[0], ends[1], path.size(), length])
	return true
