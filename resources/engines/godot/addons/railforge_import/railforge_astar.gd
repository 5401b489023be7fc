# Godot's AStar with the export's edge costs (Godot's own cost is the distance between points;
# a RailForge edge may carry another cost, and the exported cost is what agents must minimise).
extends AStar

var _costs = {}


func set_cost(from_id, to_id, cost):
	_costs["%d>%d" % [from_id, to_id]] = cost


func _compute_cost(from_id, to_id):
	var key = "%d>%d" % [from_id, to_id]
	if _costs.has(key):
		return _costs[key]
	return get_point_position(from_id).distance_to(get_point_position(to_id))


# Godot's heuristic must not overestimate: a cost may be below the distance, so none is assumed.
func _estimate_cost(_from_id, _to_id):
	return 0.0
