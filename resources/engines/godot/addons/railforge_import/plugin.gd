# Editor addon: Project > Tools > "Import RailForge export..." picks an export (.json) and saves it
# as a scene beside it (same name, .tscn), then opens it. The work is railforge_loader.gd's, which
# games can also call at runtime.
tool
extends EditorPlugin

const RailForge = preload("railforge_loader.gd")
const MENU = "Import RailForge export..."

var _dialog


func _enter_tree():
	_dialog = EditorFileDialog.new()
	_dialog.mode = EditorFileDialog.MODE_OPEN_FILE
	_dialog.access = EditorFileDialog.ACCESS_FILESYSTEM
	_dialog.add_filter("*.json ; RailForge export")
	_dialog.connect("file_selected", self, "_import")
	get_editor_interface().get_base_control().add_child(_dialog)
	add_tool_menu_item(MENU, self, "_ask")


func _exit_tree():
	remove_tool_menu_item(MENU)
	_dialog.queue_free()


func _ask(_unused):
	_dialog.popup_centered_ratio(0.6)


func _import(path):
	var scene = "res://" + path.get_file().get_basename() + ".tscn"
	if path.begins_with(ProjectSettings.globalize_path("res://")) or path.begins_with("res://"):
		scene = ProjectSettings.localize_path(path.get_basename() + ".tscn")
	var err = RailForge.save_scene(path, scene)
	if err != OK:
		push_error("RailForge: importing " + path + " failed (error " + str(err) + ")")
		return
	get_editor_interface().get_resource_filesystem().scan()
	get_editor_interface().open_scene_from_path(scene)
