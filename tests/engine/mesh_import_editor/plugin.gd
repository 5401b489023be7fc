# Runs inside the Godot 3 editor (godot3-server -e --no-window, enabled by test_mesh_import.py's
# project): Godot 3 has no glTF loader at run time, only the editor's import, so the test lets the
# editor import every .glb of the project and waits for this line:
#   RAILFORGE-IMPORT: started
#   RAILFORGE-IMPORT: imported <n> of <m>      the .glb files imported, once the scan is done
# It then asks the editor to quit, but godot3-server 3.2.3 never finishes quitting an editor whose
# project holds scenes (its shutdown waits forever, as with --quit), so the driver ends the process
# after that line: the import has been written by then.
tool
extends EditorPlugin

# The import is synchronous once the scan thread has found the files; a minute is ample, and the
# driver's own timeout is the backstop.
const PATIENCE_MSEC = 60000

var started = 0


func _enter_tree():
	print("RAILFORGE-IMPORT: started")
	started = OS.get_ticks_msec()
	set_process(true)


func _glb_files():
	var found = []
	var dir = Directory.new()
	if dir.open("res://") == OK:
		dir.list_dir_begin(true, true)
		var name = dir.get_next()
		while name != "":
			if name.get_extension() == "glb":
				found.append("res://" + name)
			name = dir.get_next()
		dir.list_dir_end()
	return found


func _process(_delta):
	var filesystem = get_editor_interface().get_resource_filesystem()
	var files = _glb_files()
	var imported = 0
	for file in files:
		# The remap file is written when the import has finished.
		if ResourceLoader.exists(file):
			imported += 1
	var timed_out = OS.get_ticks_msec() - started > PATIENCE_MSEC
	if filesystem.is_scanning() or (imported < files.size() and not timed_out):
		return
	set_process(false)
	print("RAILFORGE-IMPORT: imported %d of %d" % [imported, files.size()])
	OS.exit_code = 0 if imported == files.size() else 1
	get_tree().quit()
