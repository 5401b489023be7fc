// Golden-image check of one editor state: grabs the window once its picture has settled, compares
// it with tests/ui/baselines/STATE.png under the state's tolerance, and on a failure leaves the
// actual image, the baseline and a difference image in the output folder and says where.
// In update mode (make ui-baselines only) it writes the baseline instead.
#pragma once

#include "tolerances.h"

#include <QImage>
#include <QObject>
#include <QString>

namespace railforge::golden {

class GoldenCheck : public QObject {
    Q_OBJECT
public:
    enum class Mode { Compare, Update };
    GoldenCheck(QString baselineDir, QString outputDir, Mode mode, QObject *parent = nullptr);

    // Empty when the state matches its baseline (or the baseline was written); else what failed,
    // with the paths of the three images. `window` is a QQuickWindow.
    Q_INVOKABLE QString check(QObject *window, const QString &state);
    // The same for one item of a window (its rectangle of the settled window grab): the 3D view's
    // golden images leave out the 2D panels around it.
    Q_INVOKABLE QString checkItem(QObject *item, const QString &state);
    // The same for an image already in hand (the comparison tests use it).
    QString checkImage(const QImage &actual, const QString &state);

    // The window's picture once two grabs 100 ms apart are identical (animations, late layout and
    // asynchronous results have landed), or the last grab after `timeoutMs`.
    static QImage settledGrab(QObject *window, int timeoutMs = 5000);

    QString baselinePath(const QString &state) const;
    QString outputPath(const QString &state, const QString &which) const; // which: actual, baseline, diff

private:
    QString update(const QImage &actual, const QString &state);
    void removeOutputs(const QString &state) const;

    QString m_baselineDir;
    QString m_outputDir;
    Mode m_mode;
};

} // namespace railforge::golden
