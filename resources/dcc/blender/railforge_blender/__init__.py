# RailForge for Blender: imports a RailForge level (its engine export, or the level file through
# railforge-cli) as Blender objects: rails as Bezier curves with the same knots, tilts and twist, the
# waypoint graph, patrols and junctions; and writes curves back into the level (railforge-cli
# apply-curves). Pure Python over Blender's own modules (Blender 3.4+).
# Install: Edit > Preferences > Add-ons > Install... (a zip of this folder), or copy the folder into
# Blender's scripts/addons. See README.md in this folder.
bl_info = {
    "name": "RailForge level",
    "author": "RailForge",
    "version": (0, 2, 0),
    "blender": (3, 4, 0),
    "location": "File > Import / Export > RailForge level",
    "description": "Rails, waypoint graph, patrols and junctions of a RailForge level",
    "category": "Import-Export",
}

if "level_import" in locals():
    import importlib

    importlib.reload(level_import)  # noqa: F821 (the add-on enabled again after an edit)
    importlib.reload(level_export)  # noqa: F821
else:
    from . import level_export, level_import

import bpy
from bpy.props import BoolProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper


class RAILFORGE_OT_import_level(bpy.types.Operator, ImportHelper):
    """Import a RailForge level: its engine export (.json), or a level file (.yaml) exported with railforge-cli"""

    bl_idname = "import_scene.railforge_level"
    bl_label = "Import RailForge level"
    bl_options = {"REGISTER", "UNDO"}

    filter_glob: StringProperty(default="*.json;*.yaml;*.yml", options={"HIDDEN"})
    cli: StringProperty(
        name="railforge-cli",
        description="The railforge-cli that exports a .yaml level (empty: the one on PATH, or $RAILFORGE_CLI)",
        default="",
    )

    def execute(self, context):
        try:
            summary = level_import.import_level(context, self.filepath, self.cli or None)
        except level_import.ImportFailed as failed:
            self.report({"ERROR"}, str(failed))
            return {"CANCELLED"}
        self.report({"INFO"}, summary)
        return {"FINISHED"}


class RAILFORGE_OT_export_level(bpy.types.Operator, ExportHelper):
    """Write the scene's rails (and the selected curves) into a RailForge level, merged with what changed in the level since the import"""

    bl_idname = "export_scene.railforge_level"
    bl_label = "Export to RailForge level"
    filename_ext = ".yaml"
    filter_glob: StringProperty(default="*.yaml;*.yml", options={"HIDDEN"})
    cli: StringProperty(name="railforge-cli", description="The railforge-cli to write with (empty: PATH or $RAILFORGE_CLI)",
                        default="")
    markers: BoolProperty(name="Write conflicts with markers",
                          description="When a rail was changed both here and in the level since the import, write "
                                      "the level with git's conflict markers (resolve them in RailForge's Conflicts "
                                      "panel) instead of writing nothing",
                          default=False)

    def invoke(self, context, event):
        self.filepath = level_export.default_level(context) or self.filepath
        return super().invoke(context, event)

    def execute(self, context):
        try:
            exported = level_export.export_level(self.filepath, list(context.selected_objects), self.cli or None,
                                                 self.markers, context)
        except level_import.ImportFailed as failed:
            self.report({"ERROR"}, str(failed))
            return {"CANCELLED"}
        conflicts = exported.report and exported.report.get("conflicts")
        self.report({"WARNING"} if conflicts else {"INFO"}, exported.summary)
        if exported.skipped:
            self.report({"WARNING"}, "not written: " + exported.skipped_text())
        return {"FINISHED"}


def menu_export(self, context):
    self.layout.operator(RAILFORGE_OT_export_level.bl_idname, text="RailForge level (.yaml)")


def menu_import(self, context):
    self.layout.operator(RAILFORGE_OT_import_level.bl_idname, text="RailForge level (.yaml, .json)")


def register():
    bpy.utils.register_class(RAILFORGE_OT_import_level)
    bpy.utils.register_class(RAILFORGE_OT_export_level)
    bpy.types.TOPBAR_MT_file_import.append(menu_import)
    bpy.types.TOPBAR_MT_file_export.append(menu_export)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(menu_import)
    bpy.utils.unregister_class(RAILFORGE_OT_export_level)
    bpy.utils.unregister_class(RAILFORGE_OT_import_level)
