#include "golden_check.h"

#include "image_compare.h"

#include <QDir>
#include <QFile>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

namespace railforge::golden {

namespace {

// Baselines are stored without alpha: smaller files, and a window is opaque anyway.
QImage storable(const QImage &image) { return image.convertToFormat(QImage::Format_RGB888); }

bool savePng(const QImage &image, const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    return storable(image).save(path, "PNG", 0); // quality 0: the strongest compression
}

QString percent(double fraction) { return QString::number(fraction * 100.0, 'g', 3) + QLatin1Char('%'); }

} // namespace

GoldenCheck::GoldenCheck(QString baselineDir, QString outputDir, Mode mode, QObject *parent)
    : QObject(parent), m_baselineDir(std::move(baselineDir)), m_outputDir(std::move(outputDir)), m_mode(mode)
{}

QString GoldenCheck::baselinePath(const QString &state) const
{
    return QDir(m_baselineDir).absoluteFilePath(state + QStringLiteral(".png"));
}

QString GoldenCheck::outputPath(const QString &state, const QString &which) const
{
    return QDir(m_outputDir).absoluteFilePath(state + QLatin1Char('.') + which + QStringLiteral(".png"));
}

QImage GoldenCheck::settledGrab(QObject *window, int timeoutMs)
{
    auto *quickWindow = qobject_cast<QQuickWindow *>(window);
    if (!quickWindow) return {};
    QImage previous = quickWindow->grabWindow();
    for (int waited = 0; waited < timeoutMs; waited += 100) {
        QTest::qWait(100);
        QImage current = quickWindow->grabWindow();
        if (current == previous) return current;
        previous = std::move(current);
    }
    return previous;
}

QString GoldenCheck::check(QObject *window, const QString &state)
{
    const QImage image = settledGrab(window);
    if (image.isNull()) return state + QStringLiteral(": nothing to grab (not a Qt Quick window)");
    // One image pixel per window pixel: a scaled screen would make every baseline differ.
    const QSize windowSize = qobject_cast<QQuickWindow *>(window)->size();
    if (image.size() != windowSize)
        return QStringLiteral("golden image '%1': grabbed %2x%3 from a %4x%5 window: the device pixel ratio is not 1")
            .arg(state)
            .arg(image.width())
            .arg(image.height())
            .arg(windowSize.width())
            .arg(windowSize.height());
    return checkImage(image, state);
}

QString GoldenCheck::checkItem(QObject *item, const QString &state)
{
    auto *quickItem = qobject_cast<QQuickItem *>(item);
    if (!quickItem || !quickItem->window()) return state + QStringLiteral(": not an item in a window");
    const QImage image = settledGrab(quickItem->window());
    const QRectF rect = quickItem->mapRectToScene(QRectF(0, 0, quickItem->width(), quickItem->height()));
    const qreal ratio = image.devicePixelRatio();
    return checkImage(image.copy(QRectF(rect.topLeft() * ratio, rect.size() * ratio).toAlignedRect()), state);
}

QString GoldenCheck::checkImage(const QImage &actual, const QString &state)
{
    if (m_mode == Mode::Update) return update(actual, state);
    removeOutputs(state); // images of an earlier failure would mislead

    Tolerances tolerances;
    QString error;
    if (!tolerances.load(QDir(m_baselineDir).absoluteFilePath(QStringLiteral("tolerances.json")), &error))
        return QStringLiteral("golden image '%1': %2").arg(state, error);
    const Tolerance tolerance = tolerances.forState(state);

    const QString baselineFile = baselinePath(state);
    const QImage baseline(baselineFile);
    if (baseline.isNull()) {
        savePng(actual, outputPath(state, QStringLiteral("actual")));
        return QStringLiteral("golden image '%1': no baseline %2 (run `make ui-baselines`, review, commit)\n"
                              "  actual:   %3")
            .arg(state, baselineFile, outputPath(state, QStringLiteral("actual")));
    }
    const Comparison result = compareImages(actual, baseline, tolerance.maxChannelDifference);
    if (result.sameSize && result.differingFraction() <= tolerance.maxDifferingFraction) return {};

    const QString actualFile = outputPath(state, QStringLiteral("actual"));
    const QString baselineCopy = outputPath(state, QStringLiteral("baseline"));
    const QString diffFile = outputPath(state, QStringLiteral("diff"));
    savePng(actual, actualFile);
    QFile::remove(baselineCopy);
    QDir().mkpath(m_outputDir);
    QFile::copy(baselineFile, baselineCopy);
    savePng(differenceImage(actual, baseline, tolerance.maxChannelDifference), diffFile);

    QString what;
    if (!result.sameSize)
        what = QStringLiteral("size %1x%2, baseline %3x%4")
                   .arg(actual.width())
                   .arg(actual.height())
                   .arg(baseline.width())
                   .arg(baseline.height());
    else
        what = QStringLiteral("%1 of %2 pixels (%3) differ by more than %4 per channel (largest %5); allowed %6")
                   .arg(result.differingPixels)
                   .arg(result.totalPixels)
                   .arg(percent(result.differingFraction()))
                   .arg(tolerance.maxChannelDifference)
                   .arg(result.largestDifference)
                   .arg(percent(tolerance.maxDifferingFraction));
    return QStringLiteral("golden image '%1' differs from %2: %3\n"
                          "  actual:   %4\n"
                          "  baseline: %5\n"
                          "  diff:     %6 (changed pixels in magenta)")
        .arg(state, baselineFile, what, actualFile, baselineCopy, diffFile);
}

QString GoldenCheck::update(const QImage &actual, const QString &state)
{
    const QString file = baselinePath(state);
    // An unchanged picture keeps its file byte for byte: regenerating touches only what changed.
    const QImage old(file);
    if (!old.isNull()) {
        const Comparison same = compareImages(actual, old, 0);
        if (same.sameSize && same.differingPixels == 0) return {};
    }
    if (!savePng(actual, file)) return QStringLiteral("golden image '%1': cannot write %2").arg(state, file);
    qInfo("golden image '%s': wrote %s", qPrintable(state), qPrintable(file));
    return {};
}

void GoldenCheck::removeOutputs(const QString &state) const
{
    for (const char *which : {"actual", "baseline", "diff"}) QFile::remove(outputPath(state, QLatin1String(which)));
}

} // namespace railforge::golden
