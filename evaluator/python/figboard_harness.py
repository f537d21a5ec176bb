"""FigBoard style-track harness, stage 1 of 2: runs ONE matplotlib script inside the sandbox and
hands over the figure it saved, serialised.

The TypeScript side (evaluator/src/style/run-figure-script.ts) starts this file inside the
bubblewrap sandbox with the script and its data in a read-only input folder. The harness

1. writes a start marker on the output pipe (so the caller can tell "the sandbox did not start"
   from "the candidate crashed"),
2. imports matplotlib from a folder without a ./matplotlibrc (the candidate's rc file is never
   honoured; MATPLOTLIBRC points at our own file) and forces the Agg backend,
3. hooks Figure.savefig (to capture the figure and its save options), plt.show (no-op), the
   Axes plotting methods (to tag which call drew which artist: bar, line, band, ...) and, in
   `default-twin` mode, every rcParams write (so the same script draws in matplotlib's defaults),
4. runs the script with runpy as __main__ in a private writable work folder,
5. pickles the last saved figure, the rcParams in force and the save options (tickers holding
   the script's own functions are frozen to the labels they produced), and
6. writes one framed message: b"FIGBOARD/2 <json-bytes> <blob-bytes>\n" + json + blob.

NOTHING this process writes is trusted: the candidate runs in this same interpreter and can
tamper with anything here, including this file's functions. It measures nothing. The blob goes
to stage 2 (figboard_measure.py), a fresh interpreter in a fresh sandbox that never runs the
candidate's code: it loads the figure with a restricted unpickler, draws it itself and measures
what it drew. A forged blob can only describe another figure, which stage 2 then draws and
scores for what it shows.
"""

import errno
import functools
import json
import os
import pickle
import runpy
import shutil
import stat
import sys
import traceback

import figboard_cli
from figboard_cli import write_all

START_MARKER = b"FIGBOARD-STARTED\n"
MAX_TRACEBACK_CHARS = 4000


class FigureTooLarge(Exception):
    """The script asked for a figure larger than the sandbox renders."""


def effective_dpi(fig, dpi):
    import matplotlib

    if dpi in (None, "figure"):
        rc_dpi = matplotlib.rcParams.get("savefig.dpi", "figure")
        return float(fig.dpi) if rc_dpi == "figure" else float(rc_dpi)
    return float(dpi)


def size_problem(fig, dpi, max_side, max_pixels):
    """A sentence when the figure would exceed the pixel limits at this dpi, else None."""
    try:
        dpi = effective_dpi(fig, dpi)
        width_in, height_in = fig.get_size_inches()
        w, h = width_in * dpi, height_in * dpi
    except Exception:
        return None
    if w > max_side or h > max_side or w * h > max_pixels:
        return f"the saved figure would be {round(w)}x{round(h)} px; the limits are {max_side} px per side and {max_pixels} px in all"
    return None


class State:
    """Harness bookkeeping shared by the hooks."""

    max_side = 8000
    max_pixels = 40000000

    mode = "candidate"
    saved = []  # (figure, savefig kwargs) in call order
    depth = 0  # >0 while inside a hooked plotting call (inner calls are not re-tagged)
    calls = 0  # running number of hooked plotting calls
    neutralize_rc = False
    rc_writes_blocked = 0


def parse_args(argv):
    args = figboard_cli.parse_args(
        "figboard_harness",
        argv,
        {"script": None, "input": "/input", "work": "/work", "mode": "candidate", "out_fd": 3, "max_side": 8000, "max_pixels": 40000000},
        text=("script", "input", "work", "mode"),
    )
    if not args["script"]:
        raise SystemExit("figboard_harness: --script is required")
    if args["mode"] not in ("candidate", "default-twin"):
        raise SystemExit(f"figboard_harness: unknown mode {args['mode']!r}")
    return args


def install_hooks(plt, matplotlib):
    """Hooks that capture the saved figure and tag plotting calls (the tags are claims that
    stage 2 checks against the artists' types)."""
    from matplotlib.figure import Figure
    from matplotlib.axes import Axes
    from matplotlib import RcParams

    original_savefig = Figure.savefig
    save_keys = ("dpi", "bbox_inches", "pad_inches", "facecolor", "edgecolor", "transparent")

    @functools.wraps(original_savefig)
    def savefig(self, fname, *args, **kwargs):
        saved = {k: kwargs[k] for k in save_keys if k in kwargs}
        # Refuse before Agg allocates the canvas: a 40000 px figure would otherwise end as a
        # memory failure instead of saying what is wrong.
        problem = size_problem(self, saved.get("dpi"), State.max_side, State.max_pixels)
        if problem:
            raise FigureTooLarge(problem)
        State.saved.append((self, saved))
        return original_savefig(self, fname, *args, **kwargs)

    Figure.savefig = savefig
    State.original_savefig = original_savefig
    plt.show = lambda *a, **k: None
    Figure.show = lambda *a, **k: None

    # Plotting calls -> chart kind. Only the outermost hooked call tags (hist calls bar,
    # boxplot calls plot, ...), and it tags every artist and container it added to the axes.
    kinds = {
        "plot": "line", "step": "line", "loglog": "line", "semilogx": "line", "semilogy": "line", "stairs": "line",
        "scatter": "scatter", "bar": "bar", "barh": "barh", "broken_barh": "barh", "hist": "hist",
        "hist2d": "heatmap", "fill_between": "band", "fill_betweenx": "band", "axvspan": "band", "axhspan": "band",
        "stackplot": "area", "fill": "area", "errorbar": "errorbar", "boxplot": "box", "bxp": "box",
        "violinplot": "violin", "pie": "pie", "imshow": "heatmap", "matshow": "heatmap", "pcolormesh": "heatmap",
        "pcolor": "heatmap", "pcolorfast": "heatmap", "contour": "contour", "contourf": "contour",
        "tricontour": "contour", "tricontourf": "contour", "tripcolor": "heatmap", "hexbin": "hexbin",
        "stem": "stem", "quiver": "vector", "streamplot": "vector", "barbs": "vector", "axhline": "refline",
        "axvline": "refline", "axline": "refline", "hlines": "rule", "vlines": "rule", "eventplot": "event",
        "text": "annotation", "annotate": "annotation", "table": "table",
    }

    def tag(artist, kind, call):
        try:
            if getattr(artist, "_figboard_kind", None) is None:
                artist._figboard_kind = kind
                artist._figboard_call = call
        except Exception:
            pass

    def wrap(name, kind):
        original = getattr(Axes, name, None)
        if original is None:
            return

        @functools.wraps(original)
        def hooked(self, *args, **kwargs):
            if State.depth > 0:
                return original(self, *args, **kwargs)
            before = set(map(id, self.get_children()))
            containers_before = len(self.containers)
            State.depth += 1
            try:
                result = original(self, *args, **kwargs)
            finally:
                State.depth -= 1
            State.calls += 1
            call = State.calls
            for artist in self.get_children():
                if id(artist) not in before:
                    tag(artist, kind, call)
            for container in self.containers[containers_before:]:
                tag(container, kind, call)
                for child in container.get_children():
                    tag(child, kind, call)
            return result

        setattr(Axes, name, hooked)

    for method, kind in kinds.items():
        wrap(method, kind)

    # default-twin mode: rcParams writes (rcParams[...] =, rcParams.update, plt.rc, style.use,
    # rc_context, rcdefaults) are ignored, so the same script draws in matplotlib's defaults.
    original_setitem = RcParams.__setitem__
    original_clear = RcParams.clear

    def setitem(self, key, value):
        if State.neutralize_rc and key not in ("backend", "interactive"):
            State.rc_writes_blocked += 1
            return None
        return original_setitem(self, key, value)

    def clear(self):
        if State.neutralize_rc:
            return None
        return original_clear(self)

    RcParams.__setitem__ = setitem
    RcParams.clear = clear


def copy_inputs(src, dst):
    """Copies the regular files of the read-only input folder into the writable work folder."""
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode):
            shutil.copyfile(path, os.path.join(dst, name))


def classify(exc):
    """Maps an exception raised by the script to a failure code and a one-line reason."""
    if isinstance(exc, FigureTooLarge):
        return "output-too-large", str(exc)
    if isinstance(exc, MemoryError):
        return "memory", f"the script ran out of memory ({type(exc).__name__}: {_short(exc)})"
    if exc.__class__.__name__ in ("gaierror", "herror"):
        return "network", f"the script tried to use the network, which the sandbox does not have ({_short(exc)})"
    if isinstance(exc, OSError):
        if exc.errno == errno.EFBIG:
            return "file-size", f"the script wrote a file larger than the sandbox allows ({_short(exc)})"
        if exc.errno == errno.ENOSPC:
            return "file-size", f"the script filled the sandbox's work folder ({_short(exc)})"
        if exc.errno == errno.EAGAIN and isinstance(exc, BlockingIOError):
            return "process-limit", f"the script hit the sandbox's process limit ({_short(exc)})"
        if exc.errno in (errno.ENETUNREACH, errno.ECONNREFUSED, errno.EHOSTUNREACH):
            return "network", f"the script tried to use the network, which the sandbox does not have ({_short(exc)})"
    return "crash", f"the script raised {type(exc).__name__}: {_short(exc)}"


def _short(exc):
    text = str(exc).replace("\n", " ")
    return text[:300]


def main(argv):
    args = parse_args(argv)
    out = os.dup(args["out_fd"])
    os.close(args["out_fd"])
    write_all(out, START_MARKER)
    main_pid = os.getpid()
    harness_dir = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.environ.get("MPLCONFIGDIR", "/tmp/mplconfig"), exist_ok=True)
    # The cwd while matplotlib is imported has no ./matplotlibrc (matplotlib reads that file
    # before MATPLOTLIBRC): the harness folder is ours and read-only.
    os.chdir(harness_dir)
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.ioff()

    State.mode = args["mode"]
    State.max_side = args["max_side"]
    State.max_pixels = args["max_pixels"]
    install_hooks(plt, matplotlib)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != harness_dir]

    result = {"status": "ok", "failure": None, "mode": State.mode}
    copy_inputs(args["input"], args["work"])
    os.chdir(args["work"])
    script = os.path.join(args["work"], args["script"])
    sys.argv = [args["script"]]
    sys.path.insert(0, args["work"])
    State.neutralize_rc = State.mode == "default-twin"
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if os.getpid() != main_pid:
            os._exit(0)
        if exc.code not in (None, 0):
            result = {"status": "failed", "failure": {"code": "crash", "message": f"the script exited with status {exc.code!r}"}}
    except BaseException as exc:  # noqa: BLE001 - everything the script raises is reported
        if os.getpid() != main_pid:
            os._exit(1)
        code, message = classify(exc)
        tb = traceback.format_exc()[-MAX_TRACEBACK_CHARS:]
        result = {"status": "failed", "failure": {"code": code, "message": message, "traceback": tb}}
    if os.getpid() != main_pid:
        # a forked child of the script ran to the end: it must never write a result
        os._exit(0)
    State.neutralize_rc = False
    sys.stdout.flush()

    blob = b""
    if result["status"] == "ok":
        try:
            blob, failure = serialise_saved_figure(args)
            if failure is not None:
                result = {"status": "failed", "failure": failure}
                blob = b""
        except MemoryError as exc:
            result = {"status": "failed", "failure": {"code": "memory", "message": f"serialising the figure ran out of memory ({_short(exc)})"}}
            blob = b""
        except BaseException as exc:  # noqa: BLE001
            result = {
                "status": "failed",
                "failure": {"code": "unmeasurable", "message": f"the saved figure could not be serialised for measuring: {type(exc).__name__}: {_short(exc)}", "traceback": traceback.format_exc()[-MAX_TRACEBACK_CHARS:]},
            }
            blob = b""
    result["rcWritesBlocked"] = State.rc_writes_blocked
    body = json.dumps(result, allow_nan=False, separators=(",", ":"), default=str).encode("utf-8")
    write_all(out, b"FIGBOARD/2 %d %d\n" % (len(body), len(blob)))
    write_all(out, body)
    write_all(out, blob)
    os.close(out)
    # Skip the script's atexit handlers and finalizers: the result is written.
    os._exit(0)


# rcParams that never reach stage 2: they choose backends, tools and paths, not how a figure looks.
RC_SKIPPED_PREFIXES = ("backend", "interactive", "toolbar", "webagg.", "animation.", "keymap.", "savefig.directory", "tk.", "macosx.", "docstring.")


def freeze_tickers(fig):
    """Replaces tick locators/formatters that cannot be pickled (they hold the script's own
    functions, e.g. FuncFormatter(lambda ...)) by fixed ones showing the same labels, so the
    figure draws the same in stage 2 without any of the script's code."""
    from matplotlib.ticker import FixedFormatter, FixedLocator

    def picklable(obj):
        try:
            pickle.dumps(obj, protocol=4)
            return True
        except Exception:
            return False

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for which in (axis.major, axis.minor):
                if picklable(which.formatter) and picklable(which.locator):
                    continue
                locs = [float(v) for v in which.locator()]
                which.formatter.set_locs(locs)
                labels = [str(which.formatter(v, i)) for i, v in enumerate(locs)]
                which.locator = FixedLocator(locs)
                which.formatter = FixedFormatter(labels)


def drop_renderer_caches(fig):
    """Clears the renderer an artist keeps from its last draw (ConnectionPatch._renderer): a
    backend object the measuring process does not load, and not part of how the figure looks
    (the next draw sets it again). Text.__getstate__ drops its own the same way."""
    from matplotlib.backend_bases import RendererBase

    for artist in fig.findobj():
        if isinstance(artist.__dict__.get("_renderer"), RendererBase):
            artist._renderer = None


def serialise_saved_figure(args):
    """(blob, None) with two pickles: (rcParams, save options), then the figure; or (b"", failure)."""
    if not State.saved:
        return b"", {"code": "no-png", "message": "the script never saved a figure (expected fig.savefig('output.png') or plt.savefig('output.png'))"}
    import matplotlib

    fig, save_kwargs = State.saved[-1]
    dpi = effective_dpi(fig, save_kwargs.get("dpi"))
    width_in, height_in = fig.get_size_inches()
    if not (dpi > 0 and width_in > 0 and height_in > 0):
        return b"", {"code": "no-png", "message": f"the saved figure has no area ({width_in}x{height_in} in at {dpi} dpi)"}
    problem = size_problem(fig, dpi, args["max_side"], args["max_pixels"])
    if problem:
        return b"", {"code": "output-too-large", "message": problem}
    rc = {k: v for k, v in matplotlib.rcParams.items() if not k.startswith(RC_SKIPPED_PREFIXES)}
    save = dict(save_kwargs)
    save["dpi"] = dpi
    head = pickle.dumps((rc, save), protocol=4)
    drop_renderer_caches(fig)
    try:
        body = pickle.dumps(fig, protocol=4)
    except Exception:
        freeze_tickers(fig)
        try:
            body = pickle.dumps(fig, protocol=4)
        except Exception as exc:
            return b"", {"code": "unmeasurable", "message": f"the saved figure holds objects that cannot be handed to the measuring process ({type(exc).__name__}: {_short(exc)}); draw with matplotlib's own artists, not classes or functions defined in the script"}
    return head + body, None


if __name__ == "__main__":
    main(sys.argv[1:])
