// The latest-wins job (app/jobs/latest_wins.h) as its five owners rely on it: a request while a run
// goes starts exactly one more run, after the running one's result is taken, with the state of that
// moment; a small job done at once runs nothing; `busy` is told once per start and once per end;
// wait() returns with every result taken; the owner's going drops a run without taking it.
#include "app/jobs/latest_wins.h"

#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

#include <atomic>
#include <semaphore>
#include <vector>

using railforge::app::LatestWins;

namespace {

// An owner whose runs each block until the test lets them go, returning the state they were started with.
struct Owner : QObject {
    int state = 0;
    bool runAtOnce = false;
    std::vector<int> launched, taken;
    int runningChanges = 0;
    std::shared_ptr<std::counting_semaphore<16>> gate = std::make_shared<std::counting_semaphore<16>>(0);
    LatestWins<int> job{this,
                        [this]() -> std::optional<QFuture<int>> {
                            launched.push_back(state);
                            if (runAtOnce) {
                                taken.push_back(state);
                                return std::nullopt;
                            }
                            return QtConcurrent::run([gate = gate, value = state] {
                                gate->acquire();
                                return value;
                            });
                        },
                        [this](QFutureWatcher<int> &done) { taken.push_back(done.result()); },
                        [this] { ++runningChanges; }};
};

} // namespace

class TestLatestWins : public QObject {
    Q_OBJECT
private slots:
    void requestsDuringARunGiveOneMoreRunWithTheNewestState()
    {
        Owner owner;
        owner.state = 1;
        owner.job.request();
        QVERIFY(owner.job.running());
        QCOMPARE(owner.runningChanges, 1);
        // Three edits while the first run goes: one more run, with the state of when it starts.
        for (int s : {2, 3, 4}) {
            owner.state = s;
            owner.job.request();
        }
        QCOMPARE(owner.launched, std::vector<int>{1});
        owner.state = 5;
        owner.gate->release(2);
        owner.job.wait();
        QCOMPARE(owner.launched, (std::vector<int>{1, 5}));
        QCOMPARE(owner.taken, (std::vector<int>{1, 5}));
        QVERIFY(!owner.job.busy());
        // Running from the first start to the last end: told twice, not four times.
        QCOMPARE(owner.runningChanges, 2);
    }

    void aJobDoneAtOnceRunsNothing()
    {
        Owner owner;
        owner.runAtOnce = true;
        owner.state = 7;
        owner.job.request();
        QVERIFY(!owner.job.busy());
        QCOMPARE(owner.taken, std::vector<int>{7});
        QCOMPARE(owner.runningChanges, 0);
    }

    void aResultComesThroughTheEventLoop()
    {
        Owner owner;
        owner.state = 3;
        owner.job.request();
        owner.gate->release();
        QTRY_COMPARE(owner.taken, std::vector<int>{3});
        QVERIFY(!owner.job.running());
        QCOMPARE(owner.runningChanges, 2);
    }

    void theOwnerGoingDropsTheRun()
    {
        auto gate = std::make_shared<std::counting_semaphore<16>>(0);
        {
            Owner owner;
            owner.gate = gate;
            owner.job.request();
            owner.job.request();
            gate->release(4); // the run may end before or during the owner's going: never taken
        }
        QCoreApplication::processEvents(); // nothing is delivered to the gone owner
    }
};

QTEST_GUILESS_MAIN(TestLatestWins)
#include "test_latest_wins.moc"
