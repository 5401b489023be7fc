// The name of an inspector field.
import QtQuick
import QtQuick.Controls

Label {
    color: Theme.textDim
}
