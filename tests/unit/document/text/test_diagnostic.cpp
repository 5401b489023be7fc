// Diagnostics stay one readable line whatever the file holds: quoted text with control characters is
// escaped (a line break cannot forge a line, NUL cannot cut one) and very long quoted text is cut.
#include "document/text/diagnostic.h"

#include <QtTest>

using namespace railforge::document;

class TestDiagnostic : public QObject {
    Q_OBJECT
private slots:
    void controlCharactersAreEscaped()
    {
        const Diagnostic d{Severity::Error, "a.yaml", 3, 7,
                           std::string("unknown waypoint 'gate\nb.yaml:1:1: forged") + '\0' + "cut\t\x1b'"};
        const std::string line = formatDiagnostic(d);
        QCOMPARE(line, std::string("a.yaml:3:7: unknown waypoint 'gate\\nb.yaml:1:1: forged\\0cut\\t\\x1b'"));
    }

    void longQuotedTextIsCutInTheMiddle()
    {
        const std::string scalar = "<" + std::string(1'000'000, 'x') + "é>";
        const std::string shown = readableMessage("got '" + scalar + "' here");
        QVERIFY(shown.size() < 200);
        QVERIFY(shown.rfind("got '<xxx", 0) == 0);
        QVERIFY(shown.find("[1000003 characters]") != std::string::npos);
        const std::string end = "x\u00e9>' here";
        QVERIFY(shown.size() > end.size() && shown.substr(shown.size() - end.size()) == end);
    }

    void shortTextAndApostrophesStayAsTheyAre()
    {
        const std::string text = "it's 'fine' and 'ünïcödé' stays";
        QCOMPARE(readableMessage(text), text);
    }
};

QTEST_GUILESS_MAIN(TestDiagnostic)
#include "test_diagnostic.moc"
