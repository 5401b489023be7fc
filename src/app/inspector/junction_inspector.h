// Inspector, a junction (docs/ui.md "Junctions"): the rail it sits on and where (an end, or an arc
// length), its ways out in the order riders are offered them, and which is the default; choosing
// another default is one undo step. The id and custom properties are ObjectInspector's, as for every
// kind.
#pragma once

#include "app/inspector/inspector_base.h"

#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class JunctionInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The editor owns it")
    // Exactly one junction is selected.
    Q_PROPERTY(bool active READ active NOTIFY changed)
    // Its trunk rail, and where on it: "start", "end", or "" when at an arc length (s).
    Q_PROPERTY(QString rail READ rail NOTIFY changed)
    Q_PROPERTY(QString end READ end NOTIFY changed)
    Q_PROPERTY(double s READ s NOTIFY changed)
    // The rails of its ways out, and the index of the default among them.
    Q_PROPERTY(QStringList ways READ ways NOTIFY changed)
    Q_PROPERTY(int defaultWay READ defaultWay NOTIFY changed)
public:
    JunctionInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    bool active() const { return m_junction.has_value(); }
    QString rail() const;
    QString end() const;
    double s() const { return m_junction ? m_junction->s : 0.0; }
    QStringList ways() const { return m_ways; }
    int defaultWay() const { return m_default; }

    // Makes way `index` (of `ways`) the default; false when there is no such way. One undo step.
    Q_INVOKABLE bool setDefaultWay(int index);

signals:
    void changed();

private:
    void refresh() override;

    std::optional<document::Junction> m_junction; // a copy: the inspector outlives edits
    QStringList m_ways;
    int m_default = -1;
};

} // namespace railforge::app
