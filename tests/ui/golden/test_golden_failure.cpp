// The golden-image check as QA meets it: the comparison counts what it should and draws where,
// looser tolerances need a reason, every baseline fails once repainted (naming its state and
// leaving actual, baseline and diff), and so does the real harness on a repainted baseline.
#include "golden_check.h"
#include "image_compare.h"
#include "tolerances.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace railforge::golden;

namespace {

const QRgb kMagenta = qRgb(0xff, 0x00, 0xff);

QImage randomImage(QRandomGenerator &random, int width, int height)
{
    QImage image(width, height, QImage::Format_RGB32);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) image.setPixel(x, y, random.generate() | 0xff000000u);
    return image;
}

int slowChannelDifference(QRgb a, QRgb b)
{
    int d = 0;
    for (int c = 0; c < 3; ++c) {
        const int shift = 8 * c;
        d = std::max(d, std::abs(int((a >> shift) & 0xff) - int((b >> shift) & 0xff)));
    }
    return d;
}

// A paint-over of `area` in colours far from the original: every channel moves by at least 128.
QImage repainted(const QImage &image, const QRect &area)
{
    QImage out = image.convertToFormat(QImage::Format_RGB32);
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QRgb p = out.pixel(x, y);
            out.setPixel(x, y, qRgb(qRed(p) < 128 ? 255 : 0, qGreen(p) < 128 ? 255 : 0, qBlue(p) < 128 ? 255 : 0));
        }
    return out;
}

QStringList baselineStates()
{
    QStringList states;
    for (const QFileInfo &file :
         QDir(QStringLiteral(RAILFORGE_BASELINE_DIR)).entryInfoList({"*.png"}, QDir::Files, QDir::Name))
        states << file.completeBaseName();
    return states;
}

// A copy of the baselines folder (PNGs and tolerances.json) in `to`.
void copyBaselines(const QString &to)
{
    const QDir from(QStringLiteral(RAILFORGE_BASELINE_DIR));
    for (const QString &name : from.entryList({"*.png", "tolerances.json"}, QDir::Files))
        QVERIFY(QFile::copy(from.filePath(name), QDir(to).filePath(name)));
}

// Checks the three images a failure of `state` left in `output`; the diff is magenta exactly on `area`.
void checkFailureImages(const QString &message, const QString &state, const QString &output, const QRect &area)
{
    QVERIFY2(message.contains(QStringLiteral("golden image '%1' differs").arg(state)), qPrintable(message));
    for (const char *which : {"actual", "baseline", "diff"}) {
        const QString path = QDir(output).filePath(state + QLatin1Char('.') + QLatin1String(which) + ".png");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QVERIFY2(message.contains(path), qPrintable(message + "\nshould name " + path));
    }
    const QImage diff(QDir(output).filePath(state + ".diff.png"));
    QVERIFY(!diff.isNull());
    for (int y = 0; y < diff.height(); ++y)
        for (int x = 0; x < diff.width(); ++x)
            if ((diff.pixel(x, y) == kMagenta) != area.contains(x, y))
                QFAIL(qPrintable(QStringLiteral("%1: diff pixel %2,%3 wrong").arg(state).arg(x).arg(y)));
}

} // namespace

class TestGoldenFailure : public QObject {
    Q_OBJECT
private slots:
    void comparisonCountsPixelsBeyondTheChannelLimit()
    {
        QImage base(4, 3, QImage::Format_RGB32);
        base.fill(qRgb(100, 100, 100));
        QImage other = base;
        other.setPixel(0, 0, qRgb(102, 100, 100)); // within 2
        other.setPixel(1, 0, qRgb(100, 97, 100));  // 3: beyond 2
        other.setPixel(2, 0, qRgb(100, 100, 0));   // 100
        const Comparison c = compareImages(other, base, 2);
        QVERIFY(c.sameSize);
        QCOMPARE(c.totalPixels, 12);
        QCOMPARE(c.differingPixels, 2);
        QCOMPARE(c.largestDifference, 100);
        QCOMPARE(c.differingFraction(), 2.0 / 12.0);
        QCOMPARE(compareImages(other, base, 100).differingPixels, 0);
        QCOMPARE(compareImages(base, base, 0).differingPixels, 0);
        // Alpha does not count; formats do not matter.
        QCOMPARE(
            compareImages(base.convertToFormat(QImage::Format_ARGB32), base.convertToFormat(QImage::Format_RGB888), 0)
                .differingPixels,
            0);
        // A different size differs everywhere outside the common part.
        const Comparison sized = compareImages(base.copy(0, 0, 3, 3), base, 0);
        QVERIFY(!sized.sameSize);
        QCOMPARE(sized.differingPixels, 3);
    }

    void differenceImageAgreesWithAPixelByPixelReference()
    {
        QRandomGenerator random(15);
        for (int round = 0; round < 20; ++round) {
            const int w = 1 + int(random.bounded(40)), h = 1 + int(random.bounded(40));
            const QImage a = randomImage(random, w, h);
            QImage b = a;
            // Some pixels nudged a little, some a lot.
            for (int k = 0; k < w * h / 3; ++k) {
                const int x = int(random.bounded(w)), y = int(random.bounded(h));
                const QRgb p = b.pixel(x, y);
                const int delta = int(random.bounded(12));
                b.setPixel(x, y, qRgb(qRed(p), std::clamp(qGreen(p) + delta, 0, 255), qBlue(p)));
            }
            const int tolerance = int(random.bounded(6));
            const QImage diff = differenceImage(a, b, tolerance);
            qint64 expected = 0;
            int largest = 0;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) {
                    const int d = slowChannelDifference(a.pixel(x, y), b.pixel(x, y));
                    largest = std::max(largest, d);
                    expected += d > tolerance;
                    QCOMPARE(diff.pixel(x, y) == kMagenta, d > tolerance);
                }
            const Comparison c = compareImages(a, b, tolerance);
            QCOMPARE(c.differingPixels, expected);
            QCOMPARE(c.largestDifference, largest);
        }
    }

    void looserTolerancesNeedAReason()
    {
        const QByteArray base =
            R"({"default": {"maxChannelDifference": 2, "maxDifferingFraction": 0.0001}, "states": )";
        Tolerances t;
        QString error;
        QVERIFY(!t.parse(base + R"({"x": {"maxChannelDifference": 9, "maxDifferingFraction": 0.0001}}})", &error));
        QVERIFY2(error.contains("x: a tolerance looser than the default needs a \"reason\""), qPrintable(error));
        QVERIFY(!t.parse(base + R"({"x": {"maxChannelDifference": 2, "maxDifferingFraction": 0.5, "reason": " "}}})",
                         &error));
        QVERIFY(t.parse(
            base +
                R"({"x": {"maxChannelDifference": 9, "maxDifferingFraction": 0.01, "reason": "antialiased arrow"}}})",
            &error));
        QCOMPARE(t.forState("x").maxChannelDifference, 9);
        QCOMPARE(t.forState("x").reason, QStringLiteral("antialiased arrow"));
        QCOMPARE(t.forState("y").maxChannelDifference, 2);
        QVERIFY(t.parse(base + R"({"x": {"maxChannelDifference": 0, "maxDifferingFraction": 0}}})",
                        &error)); // stricter: fine
        QVERIFY(!t.parse(base + R"({"x": {"maxChannelDifference": 300, "maxDifferingFraction": 0}}})", &error));
        QVERIFY(!t.parse(base + R"({"x": {"maxChannelDifference": 1, "maxDifferingFraction": 2}}})", &error));
        QVERIFY(!t.parse("{", &error));
        // The committed file is valid.
        QVERIFY2(t.load(QStringLiteral(RAILFORGE_BASELINE_DIR "/tolerances.json"), &error), qPrintable(error));
    }

    void baselinesAreFewSmallAndPassAsTheyAre()
    {
        const QStringList states = baselineStates();
        QVERIFY2(states.size() >= 12, qPrintable(QString::number(states.size()) + " baselines"));
        QTemporaryDir output;
        GoldenCheck check(QStringLiteral(RAILFORGE_BASELINE_DIR), output.path(), GoldenCheck::Mode::Compare);
        for (const QString &state : states) {
            const QString path = check.baselinePath(state);
            QVERIFY2(QFileInfo(path).size() <= 300 * 1024, qPrintable(path + " is over 300 KB"));
            const QImage image(path);
            // The editor's standard window; small_window shows the smallest one (Main.qml's minimum size).
            QCOMPARE(image.size(), state == QStringLiteral("small_window") ? QSize(900, 560) : QSize(1280, 800));
            QCOMPARE(check.checkImage(image, state), QString());
        }
        QVERIFY2(QDir(output.path()).isEmpty(), "a pass leaves no images");
    }

    void everyRepaintedBaselineFailsNamingItsState()
    {
        const QRect area(600, 360, 64, 48);
        for (const QString &state : baselineStates()) {
            QTemporaryDir baselines, output;
            copyBaselines(baselines.path());
            const QString path = QDir(baselines.path()).filePath(state + ".png");
            const QImage original(path);
            QVERIFY(repainted(original, area).save(path));
            GoldenCheck check(baselines.path(), output.path(), GoldenCheck::Mode::Compare);
            const QString message = check.checkImage(original, state);
            checkFailureImages(message, state, output.path(), area);
            const QString counted =
                QStringLiteral("3072 of %1 pixels").arg(qint64(original.width()) * original.height());
            QVERIFY2(message.contains(counted), qPrintable(message));
        }
    }

    // The whole path: the harness renders the state, finds the repainted baseline, fails, says so.
    void harnessFailsOnARepaintedBaseline()
    {
        const QString state = QStringLiteral("empty_document");
        const QRect area(100, 100, 40, 30);
        QTemporaryDir baselines, output;
        copyBaselines(baselines.path());
        const QString path = QDir(baselines.path()).filePath(state + ".png");
        QVERIFY(repainted(QImage(path), area).save(path));

        QProcess harness;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("RAILFORGE_BASELINE_DIR", baselines.path());
        env.insert("RAILFORGE_GOLDEN_OUTPUT", output.path());
        env.remove("RAILFORGE_UPDATE_BASELINES");
        harness.setProcessEnvironment(env);
        harness.setProcessChannelMode(QProcess::MergedChannels);
        harness.start(QStringLiteral(RAILFORGE_GOLDEN_HARNESS),
                      {"-input", QStringLiteral(RAILFORGE_GOLDEN_STATES), "Golden::test_empty_document"});
        QVERIFY(harness.waitForFinished(120000));
        const QString log = QString::fromUtf8(harness.readAll());
        QVERIFY2(harness.exitCode() != 0, qPrintable(log));
        QVERIFY2(log.contains("FAIL!  : railforge_golden::Golden::test_empty_document()"), qPrintable(log));
        checkFailureImages(log, state, output.path(), area);
        // The baseline itself was left alone: the copy in the output folder is the repainted one.
        QCOMPARE(QImage(QDir(output.path()).filePath(state + ".baseline.png")), QImage(path));
    }
};

// QImage needs no QGuiApplication: the test runs without a platform plugin.
QTEST_GUILESS_MAIN(TestGoldenFailure)
#include "test_golden_failure.moc"
