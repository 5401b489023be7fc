#!/bin/bash
# The document guards itself: an edit function checks its own rules and says why it refused
# (document/checks/edit_rules.h, through changeObject, setRailPointTilt, moveRailHandle, ...), so the
# editor (src/app) never checks a rule before an edit: no whyBad* there. Fails listing every place.
root="$(cd "$(dirname "$0")/../.." && pwd)"
found=$(grep -rn 'whyBad' "$root/src/app" "$root/qml" --include='*.cpp' --include='*.h' --include='*.qml')
if [ -n "$found" ]; then
    echo "src/app checks an edit rule itself (let the document's edit function refuse, and show its reason):"
    echo "$found"
    exit 1
fi
echo "src/app leaves every edit rule to the document"
