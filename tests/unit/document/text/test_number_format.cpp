// Numbers are written in the shortest form that reads back to the same bits, in a form YAML 1.1 readers take.
#include "document/text/number_format.h"
#include "document/yaml/yaml_node_reader.h"

#include <QtTest>

#include <cstring>
#include <random>

using namespace railforge::document;

class TestNumberFormat : public QObject {
    Q_OBJECT
private slots:
    void knownValues_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("number");
        QTest::addColumn<QString>("real");
        QTest::newRow("zero") << 0.0 << "0"
                              << "0.0";
        QTest::newRow("negative zero is zero") << -0.0 << "0"
                                               << "0.0";
        QTest::newRow("two") << 2.0 << "2"
                             << "2.0";
        QTest::newRow("tenth") << 0.1 << "0.1"
                               << "0.1";
        QTest::newRow("third") << 1.0 / 3 << "0.3333333333333333"
                               << "0.3333333333333333";
        QTest::newRow("negative") << -12.5 << "-12.5"
                                  << "-12.5";
        QTest::newRow("huge") << 1e21 << "1.0e+21"
                              << "1.0e+21";
        QTest::newRow("tiny") << 1.5e-7 << "1.5e-07"
                              << "1.5e-07";
    }
    void knownValues()
    {
        QFETCH(double, value);
        QFETCH(QString, number);
        QFETCH(QString, real);
        QCOMPARE(QString::fromStdString(formatNumber(value)), number);
        QCOMPARE(QString::fromStdString(formatReal(value)), real);
    }

    void randomBitsRoundTripExactly()
    {
        std::mt19937_64 rng(7);
        int checked = 0;
        while (checked < 200000) {
            const std::uint64_t bits = rng();
            double value;
            std::memcpy(&value, &bits, sizeof value);
            if (!std::isfinite(value)) continue;
            ++checked;
            for (const std::string &text : {formatNumber(value), formatReal(value)}) {
                const auto back = parseYamlReal(text);
                QVERIFY(back.has_value());
                std::uint64_t backBits;
                std::memcpy(&backBits, &*back, sizeof backBits);
                if (backBits != bits && !(value == 0.0 && *back == 0.0))
                    QFAIL(qPrintable(QString("%1 did not round-trip").arg(QString::fromStdString(text))));
            }
        }
    }

    void yamlScalarsAreClassified()
    {
        QVERIFY(parseYamlInteger("42") == 42);
        QVERIFY(parseYamlInteger("+7") == 7);
        QVERIFY(!parseYamlInteger("4.0"));
        QVERIFY(!parseYamlReal("inf"));
        QVERIFY(!parseYamlReal("nan"));
        QVERIFY(!parseYamlReal("abc"));
        QVERIFY(std::isinf(*parseYamlReal(".inf")));
        QVERIFY(std::isnan(*parseYamlReal(".nan")));
        QVERIFY(parseYamlBool("true") == true);
        QVERIFY(!parseYamlBool("yes"));
    }
};

QTEST_APPLESS_MAIN(TestNumberFormat)
#include "test_number_format.moc"
