"""FigBoard style-track harness, stage 2 of 2: measures the figure a candidate script saved,
in a fresh interpreter that never runs the candidate's code.

run-figure-script.ts starts this file in a NEW bubblewrap sandbox (its own /work and /tmp, so
nothing stage 1 wrote is visible) with stage 1's handover as `/input/figure.handover`. It

1. writes a start marker on the output pipe,
2. imports matplotlib from the harness folder with our matplotlibrc and forces Agg,
3. installs draw hooks that record where every artist lands in the PNG,
4. loads the handover with the restricted unpickler and audits it (figboard_safe_load.py),
   applies the handed-over rcParams through matplotlib's validators, checks the save options,
5. draws the figure itself to PNG and introspects what it drew (figboard_introspect.py), and
6. writes one framed message: b"FIGBOARD/1 <json-bytes> <png-bytes>\\n" + json + png.

Everything measured here describes the PNG drawn here, which is the image that is scored.
"""

import functools
import io
import json
import math
import os
import sys
import traceback

# Run with -I, so this folder is not on sys.path: only the standard library, the system's
# site-packages and this folder are importable (set before the shared helpers are imported).
HARNESS_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [HARNESS_DIR] + [p for p in sys.path if p and os.path.isabs(p) and p != HARNESS_DIR]

import figboard_cli  # noqa: E402 - needs the sys.path above
import figboard_pixels  # noqa: E402 - needs the sys.path above
from figboard_cli import write_all  # noqa: E402

START_MARKER = b"FIGBOARD-STARTED\n"
MAX_TRACEBACK_CHARS = 4000


class State:
    recording = False
    boxes = {}  # id(artist) -> (x0, y0, x1, y1) in PNG pixels, bottom-left origin
    artists = {}  # id(artist) -> artist, for every recorded box
    areas = {}  # id(patch) -> display-pixel area of its geometry as drawn (figboard_pixels)
    canvas = (0, 0)
    skip = frozenset()  # ids whose draw() does nothing (the pixel check's second render)


def parse_args(argv):
    return figboard_cli.parse_args(
        "figboard_measure",
        argv,
        {"handover": "/input/figure.handover", "out_fd": 3, "max_side": 8000, "max_pixels": 40000000, "max_texts": 3000},
        text=("handover",),
    )


def install_recording_hooks():
    """Draw-time boxes, recorded during our own render only, so they are exactly where each
    artist lands in the PNG (tight bounding boxes and dpi changes included)."""
    import matplotlib.collections as mcollections
    import matplotlib.image as mimage
    import matplotlib.legend as mlegend
    import matplotlib.lines as mlines
    import matplotlib.patches as mpatches
    import matplotlib.text as mtext
    from matplotlib.axes._base import _AxesBase
    from matplotlib.figure import Figure

    original_figure_draw = Figure.draw

    @functools.wraps(original_figure_draw)
    def figure_draw(self, renderer, *args, **kwargs):
        if State.recording:
            State.boxes = {}
            State.artists = {}
            State.areas = {}
            State.canvas = (renderer.width, renderer.height)
        return original_figure_draw(self, renderer, *args, **kwargs)

    Figure.draw = figure_draw

    def record(cls):
        original = cls.__dict__.get("draw")
        if original is None:
            return

        @functools.wraps(original)
        def draw(self, renderer, *args, **kwargs):
            if State.skip and id(self) in State.skip:
                return None
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
                            State.artists[id(self)] = self
                            if isinstance(self, mpatches.Patch):
                                State.areas[id(self)] = patch_area(self)
                except Exception:
                    pass
            return result

        cls.draw = draw

    for cls in (mtext.Text, mlegend.Legend, mlines.Line2D, mpatches.Patch, mcollections.Collection,
                mcollections.QuadMesh, mimage._ImageBase, _AxesBase):
        record(cls)


def patch_area(patch):
    """Display-pixel area of a patch's geometry at draw time (clipped to its clip box), so
    figboard_pixels can tell how much of it is seen; None when it cannot be computed."""
    import numpy as np

    try:
        path = patch.get_transform().transform_path(patch.get_path())
        clip = patch.get_clip_box() if patch.get_clip_on() else None
        if clip is not None:
            path = path.clip_to_bbox(clip)
        total = 0.0
        for poly in path.to_polygons():
            if len(poly) >= 3:
                x, y = poly[:, 0], poly[:, 1]
                total += abs(float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))) / 2.0
        return total if math.isfinite(total) else None
    except Exception:
        return None


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


# rcParams stage 2 never takes from the handover: they pick backends, tools and paths.
RC_SKIPPED_PREFIXES = ("backend", "interactive", "toolbar", "webagg.", "animation.", "keymap.", "savefig.directory", "tk.", "macosx.", "docstring.")


def apply_rc(rc, Unmeasurable):
    """Sets the handed-over rcParams through matplotlib's own validators (a value they refuse
    keeps matplotlib's default)."""
    import matplotlib

    if len(rc) > 2000:
        raise Unmeasurable("the handover carries more rcParams than matplotlib has")
    for key in sorted(k for k in rc if isinstance(k, str)):
        if key.startswith(RC_SKIPPED_PREFIXES) or key not in matplotlib.rcParams:
            continue
        try:
            matplotlib.rcParams[key] = rc[key]
        except Exception:  # noqa: BLE001 - a forged value keeps the default
            pass


def check_save(save, fig, args, Unmeasurable):
    """The savefig options stage 2 renders with: only known keys with plausible values."""
    import matplotlib.colors as mcolors
    from matplotlib.transforms import Bbox

    out = {}
    for key, value in save.items():
        if key == "dpi":
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) or value <= 0:
                raise Unmeasurable(f"the handed-over dpi {value!r} is not a positive number")
            out["dpi"] = float(value)
        elif key == "bbox_inches":
            if value is None or value == "tight" or isinstance(value, Bbox):
                out[key] = value
            else:
                raise Unmeasurable("the handed-over bbox_inches is neither 'tight' nor a box")
        elif key == "pad_inches":
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) or abs(value) > 100:
                raise Unmeasurable("the handed-over pad_inches is not a small number")
            out[key] = float(value)
        elif key in ("facecolor", "edgecolor"):
            if value != "auto":
                mcolors.to_rgba(value)
            out[key] = value
        elif key == "transparent":
            out[key] = bool(value)
        else:
            raise Unmeasurable(f"the handover carries an unknown save option {key!r}")
    if "dpi" not in out:
        raise Unmeasurable("the handover carries no dpi")
    width_in, height_in = fig.get_size_inches()
    w, h = width_in * out["dpi"], height_in * out["dpi"]
    if not (w > 0 and h > 0):
        raise Unmeasurable(f"the saved figure has no area ({width_in}x{height_in} in at {out['dpi']} dpi)")
    if w > args["max_side"] or h > args["max_side"] or w * h > args["max_pixels"]:
        return out, f"the saved figure would be {round(w)}x{round(h)} px; the limits are {args['max_side']} px per side and {args['max_pixels']} px in all"
    return out, None


# The pixel check: an artist counts as shown when, inside its box, at least this many pixels
# moved at least half-way from the background toward its colour (texts and patches: also at
# least this share of the box), and its colour stands out from that background.
PIXEL_RULES = {"min_pixels": 3, "min_share": 0.02, "toward": 0.5, "min_contrast": 12.0}


def artist_colours(artist):
    """RGBA colours (0..1) the artist paints with, or None when it has many (images, mapped or
    multi-coloured collections): then any change of the pixels counts."""
    import numpy as np
    import matplotlib.colors as mcolors
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.text import Text

    out = []

    def add(c, alpha=None):
        try:
            rgba = mcolors.to_rgba(c)
        except (TypeError, ValueError):
            return
        a = rgba[3] * (1.0 if alpha is None else float(alpha))
        if a > 0:
            out.append((rgba[0], rgba[1], rgba[2], a))

    try:
        if isinstance(artist, Text):
            add(artist.get_color(), artist.get_alpha())
        elif isinstance(artist, Line2D):
            if artist.get_linestyle() not in ("None", "none", "", " "):
                add(artist.get_color(), artist.get_alpha())
            if str(artist.get_marker()) not in ("None", "none", "", " "):
                add(artist.get_markerfacecolor(), artist.get_alpha())
                add(artist.get_markeredgecolor(), artist.get_alpha())
        elif isinstance(artist, Patch):
            add(artist.get_facecolor())
            if artist.get_linewidth() > 0:
                add(artist.get_edgecolor())
        elif isinstance(artist, Collection):
            if artist.get_array() is not None:
                return None
            faces = np.unique(np.round(np.asarray(artist.get_facecolor(), dtype=float), 4), axis=0)
            edges = np.unique(np.round(np.asarray(artist.get_edgecolor(), dtype=float), 4), axis=0)
            if len(faces) > 1 or len(edges) > 1:
                return None
            for c in list(faces) + list(edges):
                add(tuple(c))
        else:
            return None
    except Exception:
        return None
    return out


def pixel_visibility(fig, save, png):
    """(shown, probe): the ids of the drawn artists whose pixels are in the PNG, and a
    figboard_pixels.SeriesProbe on the same renders. The ids are those so nothing an invisible artist claims
    (colours, fonts, grid, spines, legend) can be credited.

    1. The figure is rendered again with every recorded artist left out (axes backgrounds and the
       figure's own patch stay); an artist counts when, inside its box, enough pixels moved from
       that bare render toward its colour.
    2. The artists that did not count are rendered away together, with everything else in place,
       and checked again against that render: a white label on a dark bar is seen against the
       bar, not against the white axes. What still does not count — drawn fully transparent, in
       the colour of what lies under it, with no area, off the canvas, or under something
       opaque — is not shown."""
    import numpy as np
    from PIL import Image
    from matplotlib.axes._base import _AxesBase
    from matplotlib.collections import Collection
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    def over_white(rgba):
        a = rgba[..., 3:4] / 255.0
        return rgba[..., :3] * a + 255.0 * (1.0 - a)

    with Image.open(io.BytesIO(png)) as im:
        full = over_white(np.asarray(im.convert("RGBA"), dtype=np.float32))
    height, width = full.shape[:2]
    backgrounds = {id(fig.patch)} | {id(ax.patch) for ax in fig.axes}
    artists = dict(State.artists)
    boxes = dict(State.boxes)

    def render_without(skip):
        State.skip = frozenset(skip)
        buf = io.BytesIO()
        try:
            Figure.savefig(fig, buf, format="rgba", **save)
        finally:
            State.skip = frozenset()
        raw = np.frombuffer(buf.getvalue(), dtype=np.uint8)
        if raw.size != width * height * 4:
            return None
        return over_white(raw.reshape(height, width, 4).astype(np.float32))

    def counts(key, reference):
        artist = artists[key]
        x0, y0, x1, y1 = boxes[key]
        c0, c1 = max(0, int(math.floor(x0))), min(width, int(math.ceil(x1)) + 1)
        r0, r1 = max(0, int(math.floor(height - y1))), min(height, int(math.ceil(height - y0)) + 1)
        if c1 <= c0 or r1 <= r0:
            return False
        region = np.abs(full[r0:r1, c0:c1] - reference[r0:r1, c0:c1]).max(axis=2) > 2.0
        if not region.any():
            return False
        need = PIXEL_RULES["min_pixels"]
        if not isinstance(artist, (Line2D, Collection)):
            need = max(need, PIXEL_RULES["min_share"] * (x1 - x0) * (y1 - y0))
        # A data series counts when it changed pixels, whatever their colour: what colour it drew
        # is measured afterwards from its own pixels (figboard_pixels), and reported as drawn.
        colours = None if "_figboard_kind" in getattr(artist, "__dict__", {}) else artist_colours(artist)
        if colours is None:
            return region.sum() >= need
        f = full[r0:r1, c0:c1][region]
        b = reference[r0:r1, c0:c1][region]
        hits = np.zeros(len(f), dtype=bool)
        for rr, gg, bb_, a in colours:
            expected = a * 255.0 * np.array([rr, gg, bb_], dtype=np.float32) + (1.0 - a) * b
            contrast = np.linalg.norm(b - expected, axis=1)
            toward = 1.0 - np.linalg.norm(f - expected, axis=1) / np.maximum(contrast, 1e-6)
            hits |= (contrast > PIXEL_RULES["min_contrast"]) & (toward >= PIXEL_RULES["toward"])
        return hits.sum() >= need

    shown = {k for k, a in artists.items() if k in backgrounds or isinstance(a, _AxesBase)}
    candidates = [k for k in artists if k not in shown]
    bare = render_without(candidates)
    if bare is None:
        return None, None
    suspects = []
    for key in candidates:
        (shown.add if counts(key, bare) else suspects.append)(key)
    if suspects:
        others = render_without(suspects)
        if others is None:
            return None, None
        shown.update(k for k in suspects if counts(k, others))
    return shown, figboard_pixels.SeriesProbe(full, bare, render_without, boxes, candidates, {id(fig.patch)})


def png_size(data):
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return 0, 0


def measure(args):
    """(png, introspection) or raises (Unmeasurable, MemoryError, anything matplotlib raises)."""
    import matplotlib
    from matplotlib.figure import Figure

    import figboard_introspect
    import figboard_safe_load

    Unmeasurable = figboard_safe_load.Unmeasurable
    with open(args["handover"], "rb") as f:
        blob = f.read()
    rc, save, load_figure = figboard_safe_load.load_handover(blob)
    apply_rc(rc, Unmeasurable)
    fig = load_figure()
    del blob
    figboard_safe_load.audit_figure(fig)
    save, too_large = check_save(save, fig, args, Unmeasurable)
    if too_large:
        return None, {"code": "output-too-large", "message": too_large}
    figboard_introspect.prepare(fig)
    buf = io.BytesIO()
    State.recording = True
    tight = []
    if save.get("bbox_inches") == "tight":
        # Keep the tight box this render computes: the pixel check's re-renders reuse it, which
        # spares each of them matplotlib's extra layout pass (and keeps their size the same).
        def get_tightbbox(*a, **kw):
            box = Figure.get_tightbbox(fig, *a, **kw)
            tight.append(box)
            return box

        fig.get_tightbbox = get_tightbbox
    try:
        Figure.savefig(fig, buf, format="png", metadata={"Software": None}, **save)
    finally:
        State.recording = False
        fig.__dict__.pop("get_tightbbox", None)
    png = buf.getvalue()
    width, height = png_size(png)
    canvas = State.canvas
    redraw = save
    if len(tight) == 1:
        pad = save.get("pad_inches")
        redraw = {**save, "bbox_inches": tight[0].padded(matplotlib.rcParams["savefig.pad_inches"] if pad is None else pad)}
    shown, probe = pixel_visibility(fig, redraw, png)
    if shown is None:
        raise Unmeasurable("the figure draws at a different size each time, so its pixels cannot be checked")
    introspection = figboard_introspect.introspect(
        fig,
        boxes=State.boxes,
        canvas=canvas,
        png_size=(width, height),
        save_dpi=save["dpi"],
        save_kwargs=save,
        max_texts=args["max_texts"],
        shown=shown,
        probe=probe,
        areas=dict(State.areas),
    )
    return png, introspection


def main(argv):
    args = parse_args(argv)
    out = os.dup(args["out_fd"])
    os.close(args["out_fd"])
    write_all(out, START_MARKER)
    os.makedirs(os.environ.get("MPLCONFIGDIR", "/tmp/mplconfig"), exist_ok=True)
    os.chdir(HARNESS_DIR)
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt  # noqa: F401 - a figure pickled from pyplot re-registers with it

    import figboard_safe_load

    install_recording_hooks()
    result = {"status": "ok", "failure": None}
    png = b""
    try:
        png, introspection = measure(args)
        if png is None:
            result = {"status": "failed", "failure": introspection}
            png = b""
        else:
            result["introspection"] = introspection
    except figboard_safe_load.Unmeasurable as exc:
        result = {"status": "failed", "failure": {"code": "unmeasurable", "message": str(exc)[:1500]}}
    except MemoryError as exc:
        result = {"status": "failed", "failure": {"code": "memory", "message": f"measuring the figure ran out of memory ({str(exc)[:300]})"}}
    except RecursionError:
        result = {"status": "failed", "failure": {"code": "unmeasurable", "message": "the handed-over figure is nested too deeply to draw"}}
    except BaseException as exc:  # noqa: BLE001 - the figure is the candidate's; any failure is reported
        result = {
            "status": "failed",
            "failure": {"code": "crash", "message": f"drawing the saved figure failed: {type(exc).__name__}: {str(exc)[:300]}", "traceback": traceback.format_exc()[-MAX_TRACEBACK_CHARS:]},
        }
        png = b""
    body = json.dumps(result, allow_nan=False, separators=(",", ":"), default=str).encode("utf-8")
    write_all(out, b"FIGBOARD/1 %d %d\n" % (len(body), len(png)))
    write_all(out, body)
    write_all(out, png)
    os.close(out)
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
