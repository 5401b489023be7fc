#!/bin/bash
# The editor's folders point down as the layers do: the drawing kit (src/app/drawing) includes no
# other editor folder, and the plan's drawing (src/app/plan) includes neither the tools nor the
# canvas that hosts them (canvas -> tools -> plan -> drawing). Fails listing every include that
# points up.
root="$(cd "$(dirname "$0")/../.." && pwd)"
up=$(grep -rnE '#include "app/' "$root/src/app/drawing" | grep -v '"app/drawing/')
up+=$(grep -rnE '#include "app/(tools|canvas)/' "$root/src/app/plan")
if [ -n "$up" ]; then
    echo "an include points up (canvas -> tools -> plan -> drawing):"
    echo "$up"
    exit 1
fi
echo "src/app/drawing and src/app/plan include nothing above them"
