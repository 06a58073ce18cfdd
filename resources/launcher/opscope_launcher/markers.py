"""Machine-readable progress lines on stderr, read by OpScope's progress parser.

Every line starts with "OPSCOPE " and is flushed at once, so the parent sees it while the
workload runs. The grammar is documented in README.md ("Markers").
"""

import sys

PREFIX = "OPSCOPE"

# The interpreter's own stderr: a script that replaces sys.stderr must not swallow the markers.
_stream = sys.__stderr__ if sys.__stderr__ is not None else sys.stderr


def emit(*words):
    line = PREFIX + " " + " ".join(str(w) for w in words) + "\n"
    try:
        _stream.write(line)
        _stream.flush()
    except (OSError, ValueError):
        pass  # a closed stderr must not break the workload


def warning(message):
    emit("warning", message)


def error(message):
    emit("error", message)
