"""Command-line and pipe helpers shared by both harness stages (figboard_harness.py,
figboard_measure.py): each is started by run-figure-script.ts with `--name value` options and
writes its frames to an inherited file descriptor.

Imported before any candidate code runs; stage 1's candidate could patch these functions in its
own interpreter as it could patch the stage's own, which is why nothing stage 1 writes is trusted.
"""

import os


def parse_args(prog, argv, defaults, text=()):
    """`--name value` pairs over `defaults` (dashes in a name read as underscores). Options named
    in `text` stay strings, the others are integers; an option not in `defaults`, or one without
    a value, stops the stage with a message naming it."""
    args = dict(defaults)
    i = 0
    while i < len(argv):
        key = argv[i]
        if not key.startswith("--") or i + 1 >= len(argv):
            raise SystemExit(f"{prog}: bad argument {key!r}")
        name = key[2:].replace("-", "_")
        if name not in args:
            raise SystemExit(f"{prog}: unknown option {key!r}")
        value = argv[i + 1]
        args[name] = value if name in text else int(value)
        i += 2
    return args


def write_all(fd, data):
    """Writes every byte of `data` to `fd` (os.write may write part of it to a pipe)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
