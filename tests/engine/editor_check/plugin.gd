# Runs inside the Godot 3 editor (godot3-server -e --no-window, both plugins enabled by the test
# project): does what the user's menu choice does, the addon's _import of the export named by
# RAILFORGE_EXPORT, then reports what the editor holds and quits. test_godot_import.py reads:
#   RAILFORGE-EDITOR: started
#   RAILFORGE-EDITOR: scene <res path> <exists> rails <count in the scene the editor opened>
tool
extends EditorPlugin


func _enter_tree():
	print("RAILFORGE-EDITOR: started")
	call_deferred("_run")


func _run():
	var export_path = OS.get_environment("RAILFORGE_EXPORT")
	var addon = load("res://addons/railforge_import/plugin.gd").new()
	get_editor_interface().get_base_control().add_child(addon)
	addon._import(export_path)
	var scene = "res://" + export_path.get_file().get_basename() + ".tscn"
	var edited = get_editor_interface().get_edited_scene_root()
	var rails = -1
	if edited != null and edited.has_node("Rails"):
		rails = edited.get_node("Rails").get_child_count()
	print("RAILFORGE-EDITOR: scene %s %s rails %d" % [scene, ResourceLoader.exists(scene), rails])
	OS.exit_code = 0 if rails >= 0 else 1
	get_tree().quit()
