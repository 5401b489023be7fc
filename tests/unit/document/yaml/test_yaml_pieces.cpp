// A big level's text is parsed in pieces on two cores (yaml_pieces.h): the joined tree must be the
// one pass's tree node for node (types, text, tags, lines, columns, bytes), and any text the pieces
// cannot read alone, or read differently, must say exactly what the one pass says.
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_pieces.h"

#include "random_level.h"
#include "yaml_tree_difference.h"

#include <QtTest>

#include <random>

using namespace railforge::document;

namespace {

// The parse that tries pieces whatever the size.
YamlLimits pieced(YamlLimits limits = {})
{
    limits.piecesFrom = 0;
    limits.quickScan = false; // the quick scan would read most texts before the pieces are tried
    return limits;
}

QString describe(const Diagnostics &diagnostics)
{
    QStringList lines;
    for (const auto &d : diagnostics) lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}

// Both parses of `text` agree: the same tree, or the same words and no tree.
void expectSameParse(const std::string &text, const YamlLimits &limits = {})
{
    Diagnostics onePass, inPieces;
    YamlLimits one = limits;
    one.piecesFrom = std::size_t(-1);
    one.quickScan = false;
    const auto a = parseYamlTree(text, "level.yaml", onePass, one);
    const auto b = parseYamlTree(text, "level.yaml", inPieces, pieced(limits));
    QCOMPARE(describe(inPieces), describe(onePass));
    QCOMPARE(bool(b), bool(a));
    if (a) QCOMPARE(railforge::testing::yamlTreeDifference(a->root().data(), b->root().data()), std::string());
}

} // namespace

class TestYamlPieces : public QObject {
    Q_OBJECT
private slots:
    // Random levels as the writer writes them: cut (the test would prove nothing otherwise), joined
    // into the one pass's tree, at cuts all over the text.
    void randomLevelsJoinIntoTheSameTree()
    {
        std::mt19937_64 rng(20261127);
        int cut = 0;
        for (int round = 0; round < 150; ++round) {
            const std::string text = writeLevel(railforge::testing::randomLevel(rng));
            if (const auto found = findYamlCut(text)) {
                ++cut;
                // A written level's seams read across cleanly: its pieces are joined, not read again whole.
                const auto [first, second] = yamlSeams(text, *found);
                for (const std::string &seam : {first, second}) {
                    Diagnostics said;
                    if (!seam.empty()) QVERIFY2(parseYamlTree(seam, "level.yaml", said), qPrintable(describe(said)));
                }
            }
            expectSameParse(text);
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("round %1:\n").arg(round) + text.c_str()));
        }
        QVERIFY2(cut > 100, qPrintable(QString("only %1 of 150 levels could be cut").arg(cut)));
    }

    void theCutIsAtAnItemOfTheLargestSection()
    {
        const std::string text = "name: x\n"
                                 "waypoints:\n"
                                 "  - id: a\n"
                                 "rails:\n"
                                 "  # the main line\n"
                                 "  - id: r1\n"
                                 "    points: [[0, 0, 0], [1, 0, 0]]\n"
                                 "  - id: r2\n"
                                 "    points: [[0, 1, 0], [1, 1, 0]]\n"
                                 "  - id: r3\n"
                                 "    points: [[0, 2, 0], [1, 2, 0]]\n"
                                 "patrols: []\n";
        const auto cut = findYamlCut(text);
        QVERIFY(cut);
        QCOMPARE(cut->key, std::string("rails"));
        QCOMPARE(cut->indent, 2);
        QCOMPARE(text.substr(cut->items, 10), std::string("  - id: r2"));
        QCOMPARE(cut->itemsLine, 7);
        QCOMPARE(text.substr(cut->tail), std::string("patrols: []\n"));
        QCOMPARE(cut->tailLine, 11);
        expectSameParse(text);
    }

    // Texts the pieces must not read differently from the one pass.
    void awkwardTextsParseAsTheOnePassDoes_data()
    {
        QTest::addColumn<QString>("text");
        const QString rails = "rails:\n  - id: a\n  - id: b\n  - id: c\n  - id: d\n";
        QTest::newRow("compact list at column 0") << "name: x\nrails:\n- id: a\n- id: b\n- id: c\nedges: []\n";
        QTest::newRow("crlf") << "name: x\r\nrails:\r\n  - id: a\r\n  - id: b\r\n  - id: c\r\n";
        QTest::newRow("document start first") << "---\n" + rails;
        QTest::newRow("second document") << rails + "---\nname: y\n";
        QTest::newRow("document end") << rails + "...\n";
        QTest::newRow("duplicate root key across the cut") << "name: x\n" + rails + "name: y\n";
        QTest::newRow("duplicate root key across the cut 2") << rails + "rails: []\n";
        QTest::newRow("duplicate key inside an item") << "rails:\n  - id: a\n  - id: b\n    id: c\n  - id: d\n";
        QTest::newRow("quote open across the cut") << "rails:\n  - id: \"a\n  - id: b\"\n  - id: c\n  - id: d\n";
        QTest::newRow("single quote across the cut") << "rails:\n  - id: 'a\n  - id: b'\n  - id: c\n  - id: d\n";
        QTest::newRow("flow list across the cut") << "rails:\n  - id: [a,\n  - b]\n  - id: c\n  - id: d\n";
        QTest::newRow("block text across the cut") << "rails:\n  - note: |\n      text\n  - id: b\n  - id: c\n";
        QTest::newRow("plain text going on") << "rails:\n  - id: a\n    b\n  - id: c\n  - id: d\n";
        QTest::newRow("alias in the items") << "rails:\n  - &x id: a\n  - id: b\n  - *x : c\n  - id: d\n";
        QTest::newRow("tab in the items") << "rails:\n  - id: a\n  - id: b\n\t- id: c\n  - id: d\n";
        QTest::newRow("tab indenting an item") << "rails:\n  - id: a\n  - id: b\n  -\tid: c\n  - id: d\n";
        QTest::newRow("odd indentation") << "rails:\n  - id: a\n - id: b\n  - id: c\n  - id: d\n";
        QTest::newRow("key at the items' indentation") << "rails:\n  - id: a\n  x: 1\n  - id: c\n  - id: d\n";
        QTest::newRow("value on the key's line") << "rails: [a,\n  b, c, d]\nname: x\n";
        QTest::newRow("directive") << "%YAML 1.2\n---\n" + rails;
        QTest::newRow("tagged list") << "rails: !!seq\n  - id: a\n  - id: b\n  - id: c\n";
        QTest::newRow("empty items") << "rails:\n  -\n  -\n  - id: c\n  -\n";
        QTest::newRow("empty value before the cut") << "rails:\n  - id: a\n  - key:\n  - id: c\n  - id: d\n";
        QTest::newRow("empty value and a comment") << "rails:\n  - id: a\n  - key:  # none\n  - id: c\n  - id: d\n";
        QTest::newRow("null value before the cut") << "rails:\n  - id: a\n  - key: ~\n  - id: c\n  - id: d\n";
        QTest::newRow("empty value before the tail") << "rails:\n  - id: a\n  - id: b\n  - key:\nname: x\n";
        QTest::newRow("empty item before the tail") << "rails:\n  - id: a\n  - id: b\n  -\nname: x\n";
        // yaml-cpp reads a stray "," and "]" at the end of a text without a word, but not before more.
        QTest::newRow("stray flow end before the cut")
            << "rails:\n  - id: a\n    spline:, 1, 0]]\n  - id: b\n  - id: c\n";
        QTest::newRow("stray flow entry before the cut") << "rails:\n  - id: a\n    spline: x,\n  - id: b\n  - id: c\n";
        QTest::newRow("stray flow end before the tail") << "rails:\n  - id: a\n  - id: b\n  - x: 1]\nname: x\n";
        QTest::newRow("comments between") << "rails:\n  # one\n  - id: a\n  # two\n\n  - id: b\n# three\n  - id: c\n";
        QTest::newRow("unclosed quote at the end") << rails + "name: \"x\n";
        QTest::newRow("colon missing at the end") << rails + "waypoints\n";
        QTest::newRow("utf-8 before the cut")
            << "name: caf\xc3\xa9 \xe2\x86\x92\n" + rails + "notes: \xc3\xa9t\xc3\xa9\n";
        QTest::newRow("utf-8 in the items")
            << "rails:\n  - id: \xc3\xa9\xc3\xa9: 1\n  - id: b\n  - x: \xe2\x86\x92 [1, 2]\n";
    }

    void awkwardTextsParseAsTheOnePassDoes()
    {
        QFETCH(QString, text);
        expectSameParse(text.toStdString());
    }

    // The limits count the whole text, not each piece.
    void limitsCountTheWholeText()
    {
        std::string text = "name: x\nrails:\n";
        for (int i = 0; i < 40; ++i) text += "  - {id: r" + std::to_string(i) + ", points: [[1, 2, 3]]}\n";
        text += "edges: []\n";
        for (long most : {10L, 100L, 150L, 166L, 167L, 168L, 1000L}) {
            YamlLimits limits;
            limits.maxNodes = most;
            expectSameParse(text, limits);
        }
        for (int depth : {1, 2, 3, 4, 5, 64}) {
            YamlLimits limits;
            limits.maxDepth = depth;
            expectSameParse(text, limits);
        }
    }
};

QTEST_APPLESS_MAIN(TestYamlPieces)
#include "test_yaml_pieces.moc"
