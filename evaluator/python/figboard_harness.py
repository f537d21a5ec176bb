"""FigBoard style-track harness: runs ONE matplotlib script inside the sandbox and reports the
figure it saved.

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
5. renders the captured figure itself to PNG with the script's save options while recording the
   window box of every drawn artist, introspects it (figboard_introspect.py) and
6. writes one framed message: b"FIGBOARD/1 <json-bytes> <png-bytes>\\n" + json + png.

Everything this process writes is UNTRUSTED on the TypeScript side: the candidate runs in this
same interpreter and can tamper with anything here. The sandbox bounds what it can do; the
caller validates sizes and shapes.
"""

import errno
import functools
import io
import json
import os
import runpy
import shutil
import stat
import sys
import traceback

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
    recording = False  # True only during the harness's own final render
    boxes = {}  # id(artist) -> (x0, y0, x1, y1) in PNG pixels, bottom-left origin
    canvas = (0, 0)  # (width, height) of the final render
    neutralize_rc = False
    rc_writes_blocked = 0


def parse_args(argv):
    args = {"script": None, "input": "/input", "work": "/work", "mode": "candidate", "out_fd": 3, "max_side": 8000, "max_pixels": 40000000, "max_texts": 3000}
    i = 0
    while i < len(argv):
        key = argv[i]
        if not key.startswith("--") or i + 1 >= len(argv):
            raise SystemExit(f"figboard_harness: bad argument {key!r}")
        name = key[2:].replace("-", "_")
        if name not in args:
            raise SystemExit(f"figboard_harness: unknown option {key!r}")
        value = argv[i + 1]
        args[name] = int(value) if name in ("out_fd", "max_side", "max_pixels", "max_texts") else value
        i += 2
    if not args["script"]:
        raise SystemExit("figboard_harness: --script is required")
    if args["mode"] not in ("candidate", "default-twin"):
        raise SystemExit(f"figboard_harness: unknown mode {args['mode']!r}")
    return args


def write_all(fd, data):
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def install_hooks(plt, matplotlib):
    """Hooks that capture the saved figure, tag plotting calls and record draw-time boxes."""
    from matplotlib.figure import Figure
    from matplotlib.axes import Axes
    import matplotlib.artist as martist
    import matplotlib.collections as mcollections
    import matplotlib.image as mimage
    import matplotlib.legend as mlegend
    import matplotlib.lines as mlines
    import matplotlib.patches as mpatches
    import matplotlib.text as mtext
    from matplotlib import RcParams
    from matplotlib.axes._base import _AxesBase

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

    def tag(artist, kind, call, method, options):
        try:
            if getattr(artist, "_figboard_kind", None) is None:
                artist._figboard_kind = kind
                artist._figboard_call = call
                artist._figboard_method = method
                artist._figboard_options = options
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
            options = {}
            for key in ("marker", "linestyle", "ls", "hatch", "cmap", "capsize", "orientation", "fmt"):
                value = kwargs.get(key)
                if isinstance(value, (str, int, float)):
                    options[key] = value
            if name in ("plot", "errorbar") and len(args) >= 2 and isinstance(args[-1], str):
                options["fmt"] = args[-1]
            for artist in self.get_children():
                if id(artist) not in before:
                    tag(artist, kind, call, name, options)
            for container in self.containers[containers_before:]:
                tag(container, kind, call, name, options)
                for child in container.get_children():
                    tag(child, kind, call, name, options)
            return result

        setattr(Axes, name, hooked)

    for method, kind in kinds.items():
        wrap(method, kind)

    for method, role in (("twinx", "twin"), ("twiny", "twin"), ("inset_axes", "inset")):
        original = getattr(Axes, method, None)
        if original is None:
            continue

        def make(original, role):
            @functools.wraps(original)
            def hooked(self, *args, **kwargs):
                result = original(self, *args, **kwargs)
                try:
                    result._figboard_role = role
                except Exception:
                    pass
                return result

            return hooked

        setattr(Axes, method, make(original, role))

    # Draw-time boxes: recorded during the harness's own render only, so they are exactly where
    # the artist lands in the PNG (tight bounding boxes and dpi changes included).
    original_figure_draw = Figure.draw

    @functools.wraps(original_figure_draw)
    def figure_draw(self, renderer, *args, **kwargs):
        if State.recording:
            State.boxes = {}
            State.canvas = (renderer.width, renderer.height)
        return original_figure_draw(self, renderer, *args, **kwargs)

    Figure.draw = figure_draw

    def record(cls):
        original = cls.__dict__.get("draw")
        if original is None:
            return

        @functools.wraps(original)
        def draw(self, renderer, *args, **kwargs):
            result = original(self, renderer, *args, **kwargs)
            if State.recording:
                try:
                    if self.get_visible():
                        if isinstance(self, mcollections.Collection):
                            box = collection_extent(self)
                        else:
                            bb = self.get_window_extent(renderer)
                            box = None if bb is None else (bb.x0, bb.y0, bb.x1, bb.y1)
                        if box is not None and all(map(_finite, box)) and box[2] >= box[0] and box[3] >= box[1]:
                            State.boxes[id(self)] = box
                except Exception:
                    pass
            return result

        cls.draw = draw

    for cls in (mtext.Text, mlegend.Legend, mlines.Line2D, mpatches.Patch, mcollections.Collection,
                mcollections.QuadMesh, mimage._ImageBase, _AxesBase):
        record(cls)

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


def collection_extent(col, max_points=20000):
    """Display-space box of a collection (matplotlib 3.6's own get_window_extent is empty for
    data-space collections): offset collections (scatter) by their offsets, the others by their
    paths. Bounded work: at most `max_points` points are transformed."""
    import numpy as np
    from matplotlib.transforms import IdentityTransform

    offset_trf = col.get_offset_transform()
    if not isinstance(offset_trf, IdentityTransform):
        offsets = np.asarray(col.get_offsets(), dtype=float)[:max_points]
        trf = offset_trf if isinstance(col.get_transform(), IdentityTransform) or type(col).__name__ == "PathCollection" else col.get_transform()
        points = trf.transform(offsets) if len(offsets) else np.empty((0, 2))
    else:
        chunks, n = [], 0
        for path in col.get_paths():
            v = np.asarray(path.vertices, dtype=float)
            if n + len(v) > max_points:
                v = v[: max(0, max_points - n)]
            chunks.append(v)
            n += len(v)
            if n >= max_points:
                break
        points = col.get_transform().transform(np.concatenate(chunks)) if chunks else np.empty((0, 2))
    points = points[np.isfinite(points).all(axis=1)] if len(points) else points
    if not len(points):
        return None
    return (float(points[:, 0].min()), float(points[:, 1].min()), float(points[:, 0].max()), float(points[:, 1].max()))


def _finite(x):
    try:
        return x == x and abs(x) != float("inf")
    except Exception:
        return False


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


def png_size(data):
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return 0, 0


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
    import figboard_introspect

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

    png = b""
    if result["status"] == "ok":
        try:
            png, introspection = render_and_introspect(args, plt, figboard_introspect)
            if introspection is None:
                result = {"status": "failed", "failure": png}
                png = b""
            else:
                result["introspection"] = introspection
        except MemoryError as exc:
            result = {"status": "failed", "failure": {"code": "memory", "message": f"rendering the figure ran out of memory ({_short(exc)})"}}
            png = b""
        except BaseException as exc:  # noqa: BLE001
            result = {
                "status": "failed",
                "failure": {"code": "crash", "message": f"rendering the saved figure failed: {type(exc).__name__}: {_short(exc)}", "traceback": traceback.format_exc()[-MAX_TRACEBACK_CHARS:]},
            }
            png = b""
    result["rcWritesBlocked"] = State.rc_writes_blocked
    body = json.dumps(result, allow_nan=False, separators=(",", ":"), default=str).encode("utf-8")
    write_all(out, b"FIGBOARD/1 %d %d\n" % (len(body), len(png)))
    write_all(out, body)
    write_all(out, png)
    os.close(out)
    # Skip the script's atexit handlers and finalizers: the result is written.
    os._exit(0)


def render_and_introspect(args, plt, figboard_introspect):
    if not State.saved:
        return {"code": "no-png", "message": "the script never saved a figure (expected fig.savefig('output.png') or plt.savefig('output.png'))"}, None
    fig, save_kwargs = State.saved[-1]
    dpi = effective_dpi(fig, save_kwargs.get("dpi"))
    width_in, height_in = fig.get_size_inches()
    if not (dpi > 0 and width_in > 0 and height_in > 0):
        return {"code": "no-png", "message": f"the saved figure has no area ({width_in}x{height_in} in at {dpi} dpi)"}, None
    problem = size_problem(fig, dpi, args["max_side"], args["max_pixels"])
    if problem:
        return {"code": "output-too-large", "message": problem}, None
    buf = io.BytesIO()
    kwargs = dict(save_kwargs)
    kwargs["dpi"] = dpi
    State.recording = True
    try:
        State.original_savefig(fig, buf, format="png", metadata={"Software": None}, **kwargs)
    finally:
        State.recording = False
    png = buf.getvalue()
    width, height = png_size(png)
    introspection = figboard_introspect.introspect(
        fig,
        boxes=State.boxes,
        canvas=State.canvas,
        png_size=(width, height),
        save_dpi=dpi,
        save_kwargs=save_kwargs,
        max_texts=args["max_texts"],
    )
    return png, introspection


if __name__ == "__main__":
    main(sys.argv[1:])
