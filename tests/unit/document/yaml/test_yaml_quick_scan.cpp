// The quick scan (yaml_quick_scan.h) is held to yaml-cpp's pass: whenever it reads a text, the full
// pass reads the same text without a word into the same tree node for node (types, text, tags, lines,
// columns, bytes). Over every YAML file of the project's tests and examples, random levels as the
// writer writes them, and thousands of random edits of those (most of which the quick scan must
// refuse, some it must still read). And it reads what matters quickly: the levels RailForge writes.
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_quick_scan.h"

#include "random_level.h"
#include "yaml_tree_difference.h"

#include <QDirIterator>
#include <QFile>
#include <QtTest>

#include <random>

using namespace railforge::document;

namespace {

QString describe(const Diagnostics &diagnostics)
{
    QStringList lines;
    for (const auto &d : diagnostics) lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}

// yaml-cpp's pass alone, in one piece.
std::optional<YamlTree> fullPass(const std::string &text, Diagnostics &said, YamlLimits limits = {})
{
    limits.quickScan = false;
    limits.piecesFrom = std::size_t(-1);
    return parseYamlTree(text, "level.yaml", said, limits);
}

// When the quick scan reads `text`, the full pass reads it alike. Returns whether the quick scan read it.
bool quickAgrees(const std::string &text, const YamlLimits &limits = {})
{
    const auto quick = quickScanYaml(text, limits);
    if (!quick) return false;
    Diagnostics said;
    const auto full = fullPass(text, said, limits);
    if (!said.empty() || !full) {
        qWarning("the quick scan read a text the full pass refuses (%s):\n%s", qPrintable(describe(said)),
                 text.c_str());
        QTest::qFail("quick scan too lenient", __FILE__, __LINE__);
        return true;
    }
    const std::string difference = railforge::testing::yamlTreeDifference(full->root().data(), quick->root().data());
    if (!difference.empty()) {
        qWarning("the two passes differ at %s:\n%s", difference.c_str(), text.c_str());
        QTest::qFail("trees differ", __FILE__, __LINE__);
    }
    return true;
}

// The text with CRLF line ends.
std::string withCrlf(const std::string &text)
{
    std::string out;
    for (const char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

// One random edit: a character YAML cares about put in, one taken out, or one changed.
std::string edited(std::string text, std::mt19937_64 &rng)
{
    static const std::string alphabet = ":-[]{},#'\" \n~x1.&*!?|>%@`\\\t\rn";
    if (text.empty()) return text;
    std::uniform_int_distribution<std::size_t> where(0, text.size() - 1);
    std::uniform_int_distribution<std::size_t> which(0, alphabet.size() - 1);
    const std::size_t at = where(rng);
    switch (rng() % 3) {
    case 0: text.insert(text.begin() + std::ptrdiff_t(at), alphabet[which(rng)]); break;
    case 1: text.erase(at, 1); break;
    default: text[at] = alphabet[which(rng)]; break;
    }
    return text;
}

} // namespace

class TestYamlQuickScan : public QObject {
    Q_OBJECT
private slots:
    // Every YAML file of the tests and the bundled levels: read alike, or left to the full pass.
    void projectFilesReadAlike()
    {
        int files = 0, quick = 0;
        for (const char *folder : {"/tests", "/resources"}) {
            QDirIterator it(QStringLiteral(RAILFORGE_SOURCE_DIR) + folder, {"*.yaml", "*.yml"}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QByteArray bytes = file.readAll();
                ++files;
                quick += quickAgrees(bytes.toStdString()) ? 1 : 0;
                if (QTest::currentTestFailed()) QFAIL(qPrintable(file.fileName()));
            }
        }
        qInfo("%d of %d files read quickly", quick, files);
        QVERIFY2(files > 30, qPrintable(QString("only %1 files").arg(files)));
        // Most are plain; the rest are the hostile ones (tabs, anchors, broken on purpose).
        QVERIFY2(quick * 2 > files, qPrintable(QString("%1 of %2 read quickly").arg(quick).arg(files)));
    }

    // Levels as the writer writes them, awkward strings and all, with LF and with CRLF line ends:
    // every one read quickly, and alike.
    void writtenLevelsReadQuicklyAndAlike()
    {
        std::mt19937_64 rng(20261129);
        int quick = 0;
        constexpr int kLevels = 200;
        for (int round = 0; round < kLevels; ++round) {
            const std::string text = writeLevel(railforge::testing::randomLevel(rng));
            // As written, and as a teammate's checkout with CRLF line ends has it.
            quick += quickAgrees(text) && quickAgrees(withCrlf(text)) ? 1 : 0;
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("round %1").arg(round)));
        }
        qInfo("%d of %d written levels read quickly", quick, kLevels);
        QCOMPARE(quick, kLevels);
    }

    // Random edits of written levels and of the test files: whatever the quick scan still reads, the
    // full pass reads alike. Both outcomes must occur often, or the test shows nothing.
    void randomEditsReadAlikeOrGoToTheFullPass()
    {
        std::mt19937_64 rng(11);
        std::vector<std::string> bases;
        for (int i = 0; i < 20; ++i) bases.push_back(writeLevel(railforge::testing::randomLevel(rng)));
        for (int i = 0; i < 4; ++i) bases.push_back(withCrlf(bases[std::size_t(i)]));
        for (const char *name : {"commented.yaml", "channels.yaml", "network.yaml", "bezier.yaml"}) {
            QFile file(QStringLiteral(RAILFORGE_SOURCE_DIR "/tests/data/levels/") + name);
            QVERIFY(file.open(QIODevice::ReadOnly));
            bases.push_back(file.readAll().toStdString());
        }
        int quick = 0, refused = 0;
        const int kEdits = qEnvironmentVariableIntValue("RAILFORGE_QUICK_SCAN_EDITS") > 0
                               ? qEnvironmentVariableIntValue("RAILFORGE_QUICK_SCAN_EDITS")
                               : 6000; // more for a long hunt
        for (int round = 0; round < kEdits; ++round) {
            std::string text = bases[std::size_t(round) % bases.size()];
            const int edits = 1 + int(rng() % 3);
            for (int e = 0; e < edits; ++e) text = edited(text, rng);
            if (quickAgrees(text))
                ++quick;
            else
                ++refused;
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("round %1").arg(round)));
        }
        qInfo("%d of %d edited texts read quickly, %d left to the full pass", quick, kEdits, refused);
        QVERIFY2(quick > kEdits / 5 && refused > kEdits / 10,
                 qPrintable(QString("%1 read, %2 refused").arg(quick).arg(refused)));
    }

    // Each kind of text the quick scan leaves to the full pass, and each it reads, by hand.
    void subset_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("quick");
        QTest::newRow("block mapping") << QByteArray("a: 1\nb: x y\n") << true;
        QTest::newRow("nested and commented") << QByteArray("# top\nlevel: {name: \"Yard\", units: m}  # c\nrails:\n  "
                                                            "# r\n  - id: r1\n    points: [[0, 1, 2], [3, "
                                                            "4, 5]]\n\n  - {id: r2, points: []}\n")
                                              << true;
        QTest::newRow("null words") << QByteArray("a: ~\nb: null\nc: [Null, NULL, ~]\n") << true;
        QTest::newRow("single quotes") << QByteArray("a: 'it''s'\n") << true;
        QTest::newRow("colons inside") << QByteArray("a: 12:30\nb: \"x: y\"\n") << true;
        QTest::newRow("non-ASCII") << QByteArray("name: Zürich\nb: [é, ü]\n") << true;
        QTest::newRow("deeper root") << QByteArray("  a: 1\n  b: 2\n") << true;
        QTest::newRow("empty value") << QByteArray("a:\nb: 1\n") << false;
        QTest::newRow("empty item") << QByteArray("- \n- 1\n") << false;
        QTest::newRow("duplicate key") << QByteArray("a: 1\na: 2\n") << false;
        QTest::newRow("duplicate flow key") << QByteArray("a: {x: 1, x: 2}\n") << false;
        QTest::newRow("tab") << QByteArray("a:\t1\n") << false;
        QTest::newRow("CRLF line ends") << QByteArray("a: 1\r\nb: [x, 'y']  # c\r\n# d\r\n\r\nc:\r\n  - z\r\n") << true;
        QTest::newRow("carriage return alone") << QByteArray("a: 1\rb: 2\n") << false;
        QTest::newRow("escapes") << QByteArray("a: \"x\\ty \\u00e9 \\\" \\\\ \\x41\"\n") << true;
        QTest::newRow("escape yaml-cpp reads as a byte") << QByteArray("a: \"x\\Ny\"\n") << false;
        QTest::newRow("escape of a surrogate") << QByteArray("a: \"\\ud800\"\n") << false;
        QTest::newRow("anchor") << QByteArray("a: &x 1\nb: *x\n") << false;
        QTest::newRow("tag") << QByteArray("a: !!str 1\n") << false;
        QTest::newRow("block scalar") << QByteArray("a: |\n  text\n") << false;
        QTest::newRow("multi-line plain") << QByteArray("a: one\n  two\n") << false;
        QTest::newRow("multi-line flow") << QByteArray("a: [1,\n  2]\n") << false;
        QTest::newRow("document marker") << QByteArray("---\na: 1\n") << false;
        QTest::newRow("two documents") << QByteArray("a: 1\n---\nb: 2\n") << false;
        QTest::newRow("indentless list") << QByteArray("a:\n- 1\n") << false;
        QTest::newRow("scalar root") << QByteArray("just text\n") << false;
        QTest::newRow("missing colon") << QByteArray("a: 1\nwaypoints\n") << false;
        QTest::newRow("unclosed quote") << QByteArray("a: \"open\n") << false;
        QTest::newRow("trailing comma") << QByteArray("a: [1, 2, ]\n") << false;
        QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF"
                                                       "a: 1\n")
                                         << false;
        QTest::newRow("comma in a key") << QByteArray("a,b: 1\n") << false;
    }

    void subset()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, quick);
        const std::string bytes = text.toStdString(); // as bytes: a QString would drop the byte order mark
        QCOMPARE(quickAgrees(bytes), quick);
        // What it leaves, the full pass reads or refuses; what it reads, the full pass reads too.
        Diagnostics said;
        if (quick) QVERIFY(fullPass(bytes, said).has_value());
    }

    // The limits hold: a text over them is left to the full pass, which says so.
    void limitsAreTheFullPasssToSay()
    {
        YamlLimits limits;
        limits.maxNodes = 10;
        QVERIFY(!quickScanYaml("a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n", limits));
        QVERIFY(quickAgrees("a: [1, 2, 3, 4, 5, 6, 7]\n", limits));
        limits = {};
        limits.maxDepth = 3;
        QVERIFY(!quickScanYaml("a: [[[1]]]\n", limits));
        QVERIFY(quickAgrees("a: [[1]]\n", limits));
        Diagnostics said;
        QVERIFY(!parseYamlTree("a: [[[1]]]\n", "level.yaml", said, limits));
        QVERIFY2(describe(said).contains("nesting deeper than 3"), qPrintable(describe(said)));
    }

    // An empty text or one of comments only holds no document: no root, either way.
    void noDocument()
    {
        for (const std::string text : {"", "\n", "# only a comment\n\n"}) {
            const auto quick = quickScanYaml(text);
            QVERIFY(quick);
            QVERIFY(!quick->root());
            QVERIFY(quickAgrees(text));
        }
    }
};

QTEST_APPLESS_MAIN(TestYamlQuickScan)
#include "test_yaml_quick_scan.moc"
