// Inspector, a rail's track (docs/ui.md "Inspector"): how the engine is shown the rail (its section,
// size, ties and supports; document/model/track_style.h) and each of them edited, one undo step each.
// Lengths are in level units; a size left unset reads as the section's default.
#pragma once

#include "app/inspector/inspector_base.h"

#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class TrackInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The editor owns it")
    // The one selected rail ("rail:id"), or "" when none (or more than one object) is selected.
    Q_PROPERTY(QString key READ key NOTIFY changed)
    // "rails", "tube", "ribbon", "cable" or "custom" (an outline typed in the level).
    Q_PROPERTY(QString section READ section NOTIFY changed)
    // The section's size (its own or the default) and whether it is the default.
    Q_PROPERTY(double size READ size NOTIFY changed)
    Q_PROPERTY(bool sizeIsDefault READ sizeIsDefault NOTIFY changed)
    // Spacings along the rail (0: none) and the height under which no support is placed.
    Q_PROPERTY(double tiesEvery READ tiesEvery NOTIFY changed)
    Q_PROPERTY(double supportsEvery READ supportsEvery NOTIFY changed)
    Q_PROPERTY(double supportSkip READ supportSkip NOTIFY changed)
    // Whether the rail has a style of its own (else it shows the level's default).
    Q_PROPERTY(bool ownStyle READ ownStyle NOTIFY changed)
public:
    TrackInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    QString key() const;
    QString section() const;
    double size() const;
    bool sizeIsDefault() const { return !m_style.size; }
    double tiesEvery() const { return m_style.ties.every; }
    double supportsEvery() const { return m_style.supports.every; }
    double supportSkip() const;
    bool ownStyle() const { return m_own; }

    // Each sets one part of the rail's style (made from the default when it has none).
    Q_INVOKABLE bool setSection(const QString &name);
    Q_INVOKABLE bool setSize(double size);
    Q_INVOKABLE bool setTiesEvery(double every);
    Q_INVOKABLE bool setSupportsEvery(double every);
    Q_INVOKABLE bool setSupportSkip(double height);
    // The rail's style made the level's default (one undo step), or the rail's own dropped so that it
    // takes the level's (one undo step).
    Q_INVOKABLE bool makeLevelDefault();
    Q_INVOKABLE bool useLevelDefault();

signals:
    void changed();

private:
    void refresh() override;
    // Edits the style and pushes it, or says why not.
    template <typename Edit>
    bool edit(const QString &what, Edit change);
    double metresPerUnit() const;

    std::string m_rail;           // the selected rail's id ("" when none)
    document::TrackStyle m_style; // its style, or the level's default
    bool m_own = false;           // whether m_style is its own
};

} // namespace railforge::app
