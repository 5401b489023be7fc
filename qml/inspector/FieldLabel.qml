// The name of an inspector field.
import QtQuick
import QtQuick.Controls
import RailForge

Label {
    color: Theme.textDim
}
