"""The tally every CLI test script keeps: check() counts a result and prints what failed; finish()
prints the totals and exits non-zero when anything failed."""
import sys

passed = failed = 0


def check(condition, message, expected=None, found=None):
    """Counts one result; a failure prints the message, and what was expected and found when given."""
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAIL:", message)
        if expected is not None:
            print("  expected:", expected)
        if found is not None:
            print("  found:   ", found)


def finish():
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
