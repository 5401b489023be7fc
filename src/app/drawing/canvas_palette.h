// The canvas colours and pixel sizes (docs/ui.md "Visual language"); one place to tune the look.
#pragma once

#include <QColor>

namespace railforge::app::palette {

inline const QColor background{0x1d, 0x1f, 0x23};
inline const QColor gridMinor{0x27, 0x2a, 0x30};
inline const QColor gridMajor{0x33, 0x37, 0x3f};
inline const QColor axisX{0x8a, 0x3b, 0x3b};
inline const QColor axisY{0x3b, 0x7a, 0x4a};
inline const QColor obstacleFill{0xe0, 0x4f, 0x4f, 0x48};
inline const QColor obstacleOutline{0xe0, 0x5a, 0x5a};
inline const QColor edge{0x8c, 0x96, 0xa8};
inline const QColor rail{0x4f, 0xc3, 0xf7};
inline const QColor railControl{0xe8, 0xf6, 0xfd};
inline const QColor waypoint{0xff, 0xc8, 0x57};
inline const QColor waypointOutline{0x14, 0x15, 0x18};
inline const QColor hover{0xff, 0xff, 0xff};
inline const QColor label{0xc9, 0xd1, 0xd9};
inline const QColor labelShadow{0x10, 0x11, 0x14, 0xc0};
inline const QColor broken{0xff, 0x5c, 0x5c};  // a patrol whose route cannot be built
inline const QColor warning{0xf5, 0xb0, 0x41}; // a spot Level > Check patrol routes found
inline const QColor error{0xff, 0x6b, 0x6b};   // a broken rule's spot (the Problems panel)
inline const QColor probeInRange{0x66, 0xff, 0x99};
inline const QColor probeOutOfRange{0xff, 0xd1, 0x66};
inline const QColor probeGlow{0x66, 0xff, 0x99, 90};
inline const QColor readoutBackground{0x14, 0x15, 0x18, 0xe6}; // behind canvas readouts (probe, ruler)
inline const QColor readoutBorder{0x4a, 0x50, 0x5a};
inline const QColor marker{0x66, 0xff, 0x99};
inline const QColor agent{0xff, 0xee, 0x58};
inline const QColor darkOutline{0x14, 0x15, 0x18};
inline const QColor ruler{0xff, 0xff, 0xff};
inline const QColor selection{0xff, 0xff, 0xff};
inline const QColor draft{0xff, 0xff, 0xff, 0xd0}; // a tool's work in progress
inline const QColor obstacleDraftFill{0xe0, 0x4f, 0x4f, 0x30};
inline const QColor navmeshFill{0x3d, 0xa5, 0xff, 0x46};    // an agent's walkable polygons
inline const QColor navmeshOutline{0x5c, 0xb8, 0xff, 0xd8}; // where its walkable ground ends
inline const QColor rubberBand{0x4f, 0xc3, 0xf7};
inline const QColor handle{0xff, 0xb7, 0x4d}; // Bezier handles of the active rail point
inline const QColor handleLine{0xff, 0xb7, 0x4d, 0xa0};
inline const QColor banking{0xe1, 0xa6, 0xf0}; // ticks showing where a banked rail's up leans
inline const QColor rubberBandFill{0x4f, 0xc3, 0xf7, 0x28};
inline const QColor event{0xff, 0x8a, 0x65};             // a rail's event channel keys
inline const QColor conflictOurs{0x7d, 0xe3, 0x8c};      // a merge conflict's ours version (Theme.conflictOurs)
inline const QColor conflictTheirs{0xff, 0x6e, 0xd8};    // ... and theirs (Theme.conflictTheirs)
inline const QColor junction{0xff, 0xd5, 0x4f};          // a junction's ring and its default way
inline const QColor junctionDim{0xff, 0xd5, 0x4f, 0x90}; // its other ways
// Patrols get a colour each, in order, unless the designer gave one (a `colour` property).
inline const QColor patrols[] = {QColor(0xb3, 0x88, 0xff), QColor(0x7d, 0xe3, 0x8c), QColor(0xff, 0x8a, 0x65),
                                 QColor(0xf4, 0x8f, 0xb1), QColor(0x4d, 0xd0, 0xe1), QColor(0xdc, 0xe7, 0x75)};

inline constexpr double waypointRadius = 5.5;   // px
inline constexpr double controlPointSize = 6.0; // px
inline constexpr double railWidth = 3.0;        // px
inline constexpr double edgeWidth = 1.5;        // px
inline constexpr double arrowSize = 9.0;        // px
inline constexpr double handleRadius = 4.0;     // px
inline constexpr double eventMarkSize = 9.0;    // px, corner to corner

} // namespace railforge::app::palette
