"""Describes a drawn matplotlib figure as JSON-ready data: the style attributes the FigBoard
style track scores (figure size and dpi, subplot grid, per-axes chart types, per-series colours,
line widths and styles, markers, hatches and alpha, fonts, spines, grid, ticks, legend,
colorbars, shaded bands, error bars) and the window box of every visible text.

Boxes are [x, y, w, h] in pixels of the PNG the harness rendered, with a TOP-LEFT origin; they
were recorded while that PNG was drawn (see figboard_harness.py), so tight bounding boxes and
dpi changes are already applied. Numbers are rounded so the JSON is stable across runs.

It runs in stage 2 (figboard_measure.py), on a figure loaded from a candidate's handover, so it
reads what DRAWING uses, not what an object declares: tick direction from the tick markers,
line style from the dash pattern, scatter markers from the marker paths, a colormap's name only
when its colours are that colormap's, legend columns from the packed legend box, axes roles from
geometry, and signature elements only when they were drawn. Chart-kind tags set by stage 1 are
claims; `prepare` drops every tag its artist's type could not have come from.
"""

import math

import matplotlib
import matplotlib.colors as mcolors
import matplotlib.font_manager as fm
from matplotlib.collections import Collection, LineCollection, PathCollection, PolyCollection, QuadMesh
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.image import _ImageBase
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, PathPatch, Wedge
from matplotlib.text import Text

MAX_AXES = 64
MAX_SERIES = 64
MAX_TEXT_CHARS = 200
PRIMARY_EXCLUDED = {"band", "refline", "annotation", "table", "patch"}
LINESTYLES = {"-": "solid", "solid": "solid", "--": "dashed", "dashed": "dashed", "-.": "dashdot", "dashdot": "dashdot",
              ":": "dotted", "dotted": "dotted", "None": "none", "none": "none", " ": "none", "": "none"}
LOC_NAMES = {code: name for name, code in Legend.codes.items()}


def r(x, digits=3):
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(x):
        return None
    v = round(x, digits)
    return 0.0 if v == 0 else v


def color(c):
    """'#rrggbb' or 'none' (fully transparent) and the colour's own alpha."""
    try:
        rgba = mcolors.to_rgba(c)
    except (ValueError, TypeError):
        return None, None
    if rgba[3] <= 0.02:
        return "none", 0.0
    return mcolors.to_hex(rgba, keep_alpha=False), r(rgba[3])


def first_color(colors):
    try:
        if colors is None or len(colors) == 0:
            return "none", 0.0
        return color(colors[0])
    except Exception:
        return None, None


def linestyle(ls):
    if isinstance(ls, str):
        return LINESTYLES.get(ls, "custom")
    if isinstance(ls, (list, tuple)) and ls:
        first = ls[0]
        if isinstance(first, tuple) and len(first) == 2:  # collections: [(offset, dashes)]
            return "solid" if first[1] is None else "dashed"
        if len(ls) == 2 and (ls[1] is None):
            return "solid"
        return "dashed"
    return "custom"


def marker(m):
    if m is None:
        return "none"
    if isinstance(m, str):
        return "none" if m in ("None", "none", "", " ") else m[:20]
    if isinstance(m, int):
        return str(m)
    return "custom"


def weight(w):
    if isinstance(w, (int, float)):
        n = float(w)
    else:
        n = float(fm.weight_dict.get(str(w), 400))
    if n >= 600:
        return "bold"
    if n < 350:
        return "light"
    return "normal"


_family_cache = {}


def family(fontprops):
    """The font that is actually used, e.g. 'DejaVu Serif' (a generic 'serif' resolves to it)."""
    try:
        path = fm.findfont(fontprops, fallback_to_default=True)
    except Exception:
        return None
    if path not in _family_cache:
        name = None
        for entry in fm.fontManager.ttflist:
            if entry.fname == path:
                name = entry.name
                break
        _family_cache[path] = name or path.rsplit("/", 1)[-1][:100]
    return _family_cache[path]


# Which artist types a chart-kind tag (set by stage 1's plotting hooks) may sit on.
def _kind_classes():
    from matplotlib.collections import EventCollection, LineCollection, PolyCollection
    from matplotlib.container import BarContainer, ErrorbarContainer, StemContainer
    from matplotlib.image import _ImageBase
    from matplotlib.patches import FancyArrowPatch, PathPatch, Polygon, Rectangle
    from matplotlib.table import Table
    from matplotlib.text import Annotation

    return {
        "line": (Line2D,), "refline": (Line2D,),
        "scatter": (PathCollection,),
        "bar": (Rectangle, BarContainer), "barh": (Rectangle, BarContainer), "hist": (Rectangle, Polygon, BarContainer),
        "band": (PolyCollection, Polygon, Rectangle), "area": (PolyCollection, Polygon),
        "errorbar": (Line2D, LineCollection, ErrorbarContainer), "box": (Line2D, PathPatch),
        "violin": (PolyCollection, LineCollection), "pie": (Wedge, Text),
        "heatmap": (_ImageBase, QuadMesh, PolyCollection, Collection), "contour": (Collection, Text),
        "hexbin": (PolyCollection,), "stem": (Line2D, LineCollection, StemContainer),
        "vector": (PolyCollection, LineCollection, FancyArrowPatch, Collection),
        "rule": (LineCollection,), "event": (EventCollection,),
        "annotation": (Text, Annotation, FancyArrowPatch), "table": (Table,),
    }


TAG_ATTRS = ("_figboard_kind", "_figboard_call")


def _drop_tag(obj):
    for attr in TAG_ATTRS:
        try:
            obj.__dict__.pop(attr, None)
        except Exception:
            pass


def prepare(fig):
    """Makes the loaded figure's cached state follow its declared state before it is drawn
    (axis scale transforms), and drops chart-kind tags that do not fit their artist."""
    allowed = _kind_classes()
    for ax in fig.axes:
        try:
            ax._update_transScale()
        except Exception:
            pass
        tagged = list(ax.get_children()) + list(ax.containers)
        for container in ax.containers:
            tagged.extend(container.get_children())
        for obj in tagged:
            d = getattr(obj, "__dict__", None)
            if d is None or "_figboard_kind" not in d:
                continue
            kind, call = d.get("_figboard_kind"), d.get("_figboard_call")
            ok = isinstance(kind, str) and kind in allowed and isinstance(obj, allowed[kind]) and isinstance(call, int) and not isinstance(call, bool) and 0 < call < 10**9
            if not ok:
                _drop_tag(obj)
    for obj in fig.findobj():
        # tags on artists that are not children of an axes (figure texts, legends) mean nothing
        if getattr(obj, "axes", None) is None and "_figboard_kind" in getattr(obj, "__dict__", {}):
            _drop_tag(obj)


def kind_of(artist):
    return getattr(artist, "__dict__", {}).get("_figboard_kind")


def call_of(artist):
    return getattr(artist, "__dict__", {}).get("_figboard_call")


class Boxes:
    """Converts draw-time boxes (bottom-left origin) to PNG boxes (top-left origin), and says
    which artists left pixels in the PNG (`shown`: ids from figboard_measure's pixel check;
    None = every drawn artist), and measures what each series drew (`probe`, see `measured`)."""

    def __init__(self, boxes, canvas, shown=None, probe=None, areas=None):
        self.boxes = boxes
        self.height = canvas[1]
        self.shown = shown
        self.probe = probe  # figboard_pixels.SeriesProbe (None: series are taken as declared)
        self.areas = areas or {}

    def shows(self, artist):
        try:
            return artist is not None and artist.get_visible() and id(artist) in self.boxes and (self.shown is None or id(artist) in self.shown)
        except Exception:
            return False

    def get(self, artist):
        b = self.boxes.get(id(artist))
        if b is None:
            return None
        x0, y0, x1, y1 = b
        # at least one pixel thick, so a horizontal rule still has a visible evidence box
        return [r(x0, 1), r(self.height - y1, 1), r(max(x1 - x0, 1), 1), r(max(y1 - y0, 1), 1)]

    def union(self, artists):
        found = [self.boxes.get(id(a)) for a in artists]
        found = [b for b in found if b is not None]
        if not found:
            return None
        x0 = min(b[0] for b in found)
        y0 = min(b[1] for b in found)
        x1 = max(b[2] for b in found)
        y1 = max(b[3] for b in found)
        return [r(x0, 1), r(self.height - y1, 1), r(max(x1 - x0, 1), 1), r(max(y1 - y0, 1), 1)]


def text_info(t, role, axes_index, boxes):
    content = t.get_text()
    shown = boxes.shows(t)
    fc, fa = color(t.get_color())
    return {
        "role": role,
        "axes": axes_index,
        "text": content[:MAX_TEXT_CHARS],
        "box": boxes.get(t),
        "fontsize": r(t.get_fontsize(), 2),
        "family": family(t.get_fontproperties()),
        "weight": weight(t.get_fontweight()),
        "style": str(t.get_fontstyle())[:20],
        "color": fc,
        "rotation": r(t.get_rotation(), 1),
        "clipOn": bool(t.get_clip_on()),
        "shown": bool(shown),
    }


def is_colorbar_axes(ax):
    from matplotlib.colorbar import Colorbar

    cb = ax.__dict__.get("_colorbar")
    return isinstance(cb, Colorbar) and cb.ax is ax


def axis_roles(all_axes):
    """Each axes' role from what it is and where it was drawn: a colorbar's own axes; an inset
    (placed by an axes locator); a twin (drawn exactly over an earlier panel); else a main panel."""
    roles = []
    for i, ax in enumerate(all_axes):
        if is_colorbar_axes(ax):
            roles.append("colorbar")
        elif ax.get_axes_locator() is not None:
            roles.append("inset")
        elif any(roles[j] == "main" and tuple(all_axes[j].get_position().bounds) == tuple(ax.get_position().bounds) for j in range(i)):
            roles.append("twin")
        else:
            roles.append("main")
    return roles


def subplot_info(ax):
    try:
        ss = ax.get_subplotspec()
    except Exception:
        ss = None
    if ss is None:
        return None
    try:
        rows, cols = ss.get_gridspec().get_geometry()
        return {"rows": int(rows), "cols": int(cols), "row": int(ss.rowspan.start), "col": int(ss.colspan.start),
                "rowspan": int(ss.rowspan.stop - ss.rowspan.start), "colspan": int(ss.colspan.stop - ss.colspan.start)}
    except Exception:
        return None


def spine_info(ax, bx):
    out = {}
    for side in ("left", "right", "top", "bottom"):
        spine = ax.spines.get(side) if hasattr(ax.spines, "get") else None
        if spine is None:
            continue
        c, _ = color(spine.get_edgecolor())
        out[side] = {"visible": bool(bx.shows(spine)), "color": c, "linewidth": r(spine.get_linewidth())}
    return out


def grid_info(axis, bx):
    info = {"on": False, "linestyle": None, "linewidth": None, "color": None, "alpha": None, "minorOn": False}
    try:
        ticks = axis.get_major_ticks()
        on = [t for t in ticks if bx.shows(t.gridline)]
        if on:
            g = on[0].gridline
            c, a = color(g.get_color())
            alpha = g.get_alpha()
            info.update({"on": True, "linestyle": linestyle(g.get_linestyle()), "linewidth": r(g.get_linewidth()), "color": c,
                         "alpha": r((alpha if alpha is not None else 1.0) * (a if a is not None else 1.0))})
        minor = axis.get_minor_ticks()
        info["minorOn"] = any(bx.shows(t.gridline) for t in minor)
    except Exception:
        pass
    return info


def tick_info(axis, which, bx):
    info = {"direction": None, "length": None, "width": None, "color": None, "sides": "none", "labelSides": "none",
            "labelSize": None, "labelColor": None, "rotation": None, "minorVisible": False}
    try:
        ticks = axis.get_major_ticks()
        if not ticks:
            return info
        # The first tick that left pixels describes the style (ticks outside the view are not drawn).
        t = next((k for k in ticks if bx.shows(k.tick1line) or bx.shows(k.tick2line)), ticks[0])
        first, second = ("bottom", "top") if which == "x" else ("left", "right")
        sides = [s for s, pick in ((first, lambda k: k.tick1line), (second, lambda k: k.tick2line)) if any(bx.shows(pick(k)) for k in ticks)]
        label_sides = [s for s, pick in ((first, lambda k: k.label1), (second, lambda k: k.label2)) if any(bx.shows(pick(k)) for k in ticks)]
        c, _ = color(t.tick1line.get_color())
        lc, _ = color(t.label1.get_color())
        info.update({
            "direction": tick_direction(t.tick1line.get_marker(), which),
            "length": r(t.tick1line.get_markersize()),
            "width": r(t.tick1line.get_markeredgewidth()),
            "color": c,
            "sides": "+".join(sides) or "none",
            "labelSides": "+".join(label_sides) or "none",
            "labelSize": r(t.label1.get_fontsize(), 2),
            "labelColor": lc,
            "rotation": r(t.label1.get_rotation(), 1),
        })
        minor = axis.get_minor_ticks()
        info["minorVisible"] = any(bx.shows(m.tick1line) or bx.shows(m.tick2line) for m in minor) and \
            len(axis.get_minorticklocs()) > 0
    except Exception:
        pass
    return info


def tick_direction(mark, which):
    """The direction the first tick line's marker draws (what Tick._apply_tickdir set)."""
    from matplotlib import lines as mlines

    table = {
        "x": {mlines.TICKDOWN: "out", mlines.TICKUP: "in", "|": "inout"},
        "y": {mlines.TICKLEFT: "out", mlines.TICKRIGHT: "in", "_": "inout"},
    }[which]
    try:
        return table.get(mark, "custom")
    except TypeError:
        return "custom"


def legend_columns(leg):
    """Columns as packed in the drawn legend box (the declared ncols can exceed the entries)."""
    try:
        return max(1, len(leg._legend_handle_box.get_children()))
    except Exception:
        return 1


def legend_info(leg, boxes):
    if leg is None or not boxes.shows(leg):
        return None
    frame = leg.get_frame()
    ec, _ = color(frame.get_edgecolor())
    fc, _ = color(frame.get_facecolor())
    loc = getattr(leg, "_loc", None)
    anchored = False
    try:
        bbox = leg.get_bbox_to_anchor()
        parent = leg.parent.bbox if hasattr(leg.parent, "bbox") else None
        anchored = parent is not None and tuple(bbox.bounds) != tuple(parent.bounds)
    except Exception:
        pass
    if isinstance(loc, int):
        loc_name = LOC_NAMES.get(loc, str(loc))
    else:
        loc_name = "custom"
    texts = leg.get_texts()
    alpha = frame.get_alpha()
    return {
        "frameon": bool(leg.get_frame_on()),
        "loc": loc_name,
        "anchored": bool(anchored),
        "ncols": legend_columns(leg),
        "entries": len(texts),
        "title": bool(leg.get_title().get_text()),
        "box": boxes.get(leg),
        "frameEdgecolor": ec,
        "frameFacecolor": fc,
        "framealpha": r(alpha if alpha is not None else 1.0),
        "fancybox": bool(type(frame.get_boxstyle()).__name__ == "Round"),
        "shadow": bool(getattr(leg, "shadow", False)),
    }


MAX_VALUES = 2000


def _rounded(values):
    import itertools

    out = []
    for v in itertools.islice(values, MAX_VALUES):
        x = r(v, 6)
        if x is not None:
            out.append(x)
    return out


def measured(entry, artists, rgba, boxes, patches=False):
    """The series as the PNG shows it (figboard_pixels.SeriesProbe): (None, []) when none of its
    artists is seen (erased by a white stroke, alpha 0, under something opaque); else the entry,
    with the colour MEASURED from its pixels in place of the declared one when they differ beyond
    CIEDE2000 10 (path effects draw other colours than the artist declares), and the artists
    seen. What the code channel credits and the vision channel's palette are then both drawn."""
    probe = boxes.probe
    if probe is None or not artists:
        return entry, list(artists)
    areas = [boxes.areas.get(id(a)) for a in artists] if patches else None
    if areas is not None and any(a is None for a in areas):
        areas = None
    m = probe.measure(artists, rgba, areas)
    if m is None:
        return entry, list(artists)
    from figboard_pixels import SERIES_RULES

    seen = [a for a, c in zip(artists, m["parts"]) if c >= SERIES_RULES["min_coverage"]]
    if not seen:
        return None, []
    if m["agrees"] is False:
        entry["color"] = m["color"]
    return entry, seen


def _rgba(c, alpha=None):
    try:
        rgba = mcolors.to_rgba(c)
    except (TypeError, ValueError):
        return None
    return (rgba[0], rgba[1], rgba[2], rgba[3] * (1.0 if alpha is None else float(alpha)))


def patch_series(kind, p, call, label, boxes, artists, orientation=None):
    """A patch series (bars, wedges, boxes) as drawn; `values` are the drawn bar lengths (heights,
    or widths of horizontal bars) of the bars that are seen, in data units."""
    from matplotlib.patches import Rectangle

    entry, seen = measured({}, artists, _rgba(p.get_facecolor()), boxes, patches=True)
    if entry is None:
        return None
    s = _patch_entry(kind, p, call, label, boxes, seen)
    s.update(entry)
    if all(isinstance(a, Rectangle) for a in seen):
        s["values"] = _rounded(a.get_width() if orientation == "horizontal" else a.get_height() for a in seen)
    return s


def _patch_entry(kind, p, call, label, boxes, artists):
    fc, fa = color(p.get_facecolor())
    ec, _ = color(p.get_edgecolor())
    alpha = p.get_alpha()
    return {
        "kind": kind, "call": call, "label": label, "color": fc, "edgecolor": ec,
        "linewidth": r(p.get_linewidth()) if ec not in (None, "none") else None,
        "linestyle": linestyle(p.get_linestyle()) if ec not in (None, "none") else None,
        "marker": None, "markersize": None, "hatch": p.get_hatch() or "",
        "alpha": r(alpha if alpha is not None else (fa if fa is not None else 1.0)),
        "cmap": None, "count": len(artists), "box": boxes.union(artists),
    }


def drawn_linestyle(line):
    """The style Line2D.draw uses: nothing for the 'None' styles, else its scaled dash pattern
    (None = solid) compared with the dotted and dash-dot patterns; any other dashes = dashed."""
    from matplotlib import lines as mlines

    ls = line.get_linestyle()
    if ls in ("None", "none", "", " "):
        return "none"
    try:
        offset, dashes = line._dash_pattern
    except Exception:
        return "custom"
    if dashes is None:
        return "solid"
    lw = line.get_linewidth()
    for name in ("dotted", "dashdot", "dashed"):
        try:
            expected = mlines._scale_dashes(*mlines._get_dash_pattern(name), lw)[1]
        except Exception:
            continue
        if expected is not None and len(expected) == len(dashes) and all(abs(float(a) - float(b)) < 1e-6 for a, b in zip(expected, dashes)):
            return name
    return "dashed"


def line_series(kind, line, call, label, boxes):
    """A line series as drawn; `values` are its drawn y vertices in data units."""
    import numpy as np

    s = _line_entry(kind, line, call, label, boxes)
    declared = _rgba(line.get_color(), line.get_alpha())
    if s["linestyle"] == "none":
        declared = _rgba(line.get_markerfacecolor(), line.get_alpha())
    entry, seen = measured({}, [line], declared, boxes)
    if entry is None:
        return None
    s.update(entry)
    try:
        y = np.asarray(line.get_ydata(), dtype=float)
        s["values"] = _rounded(y[np.isfinite(y)])
    except Exception:
        pass
    return s


def _line_entry(kind, line, call, label, boxes):
    c, a = color(line.get_color())
    alpha = line.get_alpha()
    ls = drawn_linestyle(line)
    m = marker(line.get_marker())
    if kind == "line" and ls == "none" and m != "none":
        kind = "scatter"
    return {
        "kind": kind, "call": call, "label": label, "color": c, "edgecolor": None,
        "linewidth": r(line.get_linewidth()) if ls != "none" else None, "linestyle": ls, "marker": m,
        "markersize": r(line.get_markersize()) if m != "none" else None, "hatch": "",
        "alpha": r(alpha if alpha is not None else 1.0), "cmap": None, "count": 1, "box": boxes.get(line),
    }


_MARKER_PATHS = {}


def scatter_marker(col):
    """The marker a PathCollection draws, found by comparing its path with each marker's path."""
    import numpy as np
    from matplotlib.markers import MarkerStyle

    try:
        path = col.get_paths()[0]
    except Exception:
        return "none"
    if not _MARKER_PATHS:
        for m in MarkerStyle.filled_markers + ("x", "+", "|", "_", "1", "2", "3", "4"):
            ms = MarkerStyle(m)
            p = ms.get_path().transformed(ms.get_transform())
            _MARKER_PATHS[m] = (np.asarray(p.vertices, dtype=float), None if p.codes is None else np.asarray(p.codes))
    v = np.asarray(path.vertices, dtype=float)
    codes = None if path.codes is None else np.asarray(path.codes)
    for m, (mv, mc) in _MARKER_PATHS.items():
        if mv.shape == v.shape and np.allclose(mv, v, atol=1e-6) and ((mc is None and codes is None) or (mc is not None and codes is not None and np.array_equal(mc, codes))):
            return m
    return "custom"


def collection_series(kind, col, call, label, boxes):
    """A collection series (scatter, band, area) as drawn; a scatter's `values` are its drawn y
    offsets in data units. Mapped or multi-coloured collections keep their declared colour (no
    single colour to compare), but must still be seen."""
    import numpy as np

    s = _collection_entry(kind, col, call, label, boxes)
    declared = None
    try:
        faces = np.unique(np.round(np.asarray(col.get_facecolor(), dtype=float), 4), axis=0)
        if col.get_array() is None and len(faces) == 1:
            declared = tuple(float(v) for v in faces[0])
    except Exception:
        pass
    entry, seen = measured({}, [col], declared, boxes)
    if entry is None:
        return None
    s.update(entry)
    if isinstance(col, PathCollection) and kind == "scatter":
        try:
            offsets = np.asarray(col.get_offsets(), dtype=float)
            if offsets.ndim == 2 and offsets.shape[1] == 2:
                y = offsets[:, 1]
                s["values"] = _rounded(y[np.isfinite(y)])
        except Exception:
            pass
    return s


def _collection_entry(kind, col, call, label, boxes):
    fc, fa = first_color(col.get_facecolor())
    ec, _ = first_color(col.get_edgecolor())
    alpha = col.get_alpha()
    cmap = None
    try:
        if col.get_array() is not None:
            cmap = cmap_name(col.get_cmap())
    except Exception:
        pass
    lws = col.get_linewidth()
    lw = lws[0] if hasattr(lws, "__len__") and len(lws) else lws
    sizes = col.get_sizes() if isinstance(col, PathCollection) else None
    size = sizes[0] if sizes is not None and len(sizes) else None
    if kind in ("rule", "refline", "vector", "event", "contour") and fc in (None, "none"):
        fc = ec
    return {
        "kind": kind, "call": call, "label": label, "color": fc, "edgecolor": ec,
        "linewidth": r(lw), "linestyle": linestyle(col.get_linestyle()),
        "marker": scatter_marker(col) if isinstance(col, PathCollection) and kind == "scatter" else None,
        "markersize": r(math.sqrt(size), 3) if size is not None and size >= 0 else None,
        "hatch": (col.get_hatch() or "") if hasattr(col, "get_hatch") else "",
        "alpha": r(alpha if alpha is not None else (fa if fa is not None else 1.0)), "cmap": cmap,
        "count": 1, "box": boxes.get(col),
    }


def cmap_name(cmap):
    """The registered name of a colormap only when it draws that colormap's colours."""
    import numpy as np

    name = getattr(cmap, "name", None)
    try:
        registered = matplotlib.colormaps[name]
        xs = np.linspace(0, 1, 64)
        if np.allclose(np.asarray(registered(xs)), np.asarray(cmap(xs)), atol=1e-6):
            return name
    except Exception:
        pass
    return "custom"


def mapped_series(kind, artist, call, boxes):
    cmap = None
    samples = []
    try:
        cmap = cmap_name(artist.get_cmap())
        samples = colormap_samples(artist.get_cmap())
    except Exception:
        pass
    alpha = artist.get_alpha()
    return {"kind": kind, "call": call, "label": None, "color": None, "edgecolor": None, "linewidth": None,
            "linestyle": None, "marker": None, "markersize": None, "hatch": "",
            "alpha": r(alpha if alpha is not None else 1.0), "cmap": cmap, "count": 1, "box": boxes.get(artist),
            "samples": samples}


def label_of(artist):
    try:
        lab = artist.get_label()
    except Exception:
        return None
    if not isinstance(lab, str) or lab.startswith("_"):
        return None
    return lab[:MAX_TEXT_CHARS]


def axes_series(ax, boxes):
    """One entry per drawn data series, in drawing-call order."""
    series = []
    seen = set()
    by_call = {}
    for artist in ax.get_children():
        call = call_of(artist)
        if call is not None:
            by_call.setdefault(call, []).append(artist)
    for container in ax.containers:
        call = call_of(container)
        if call is not None:
            by_call.setdefault(call, []).append(container)

    visible = boxes.shows

    for call in sorted(by_call):
        items = by_call[call]
        kind = kind_of(items[0])
        for a in items:
            seen.add(id(a))
            if isinstance(a, (BarContainer, ErrorbarContainer)):
                for child in a.get_children():
                    seen.add(id(child))
        if kind in ("annotation", "table"):
            continue
        if kind in ("bar", "barh", "hist"):
            bars = [a for a in items if isinstance(a, BarContainer)]
            if bars:
                for bc in bars:
                    patches = [p for p in bc.patches if visible(p)]
                    if patches:
                        orient = getattr(bc, "orientation", None)
                        k = "barh" if (kind == "bar" and orient == "horizontal") else kind
                        series.append(patch_series(k, patches[0], call, label_of(bc), boxes, patches, orient))
            else:
                patches = [a for a in items if isinstance(a, Patch) and visible(a)]
                if patches:
                    series.append(patch_series(kind, patches[0], call, label_of(patches[0]), boxes, patches))
            continue
        if kind == "errorbar":
            for ec in [a for a in items if isinstance(a, ErrorbarContainer)]:
                data_line = ec.lines[0] if ec.lines else None
                if data_line is not None and visible(data_line):
                    s = line_series("line", data_line, call, label_of(ec), boxes)
                    if s is not None and (s["linestyle"] != "none" or s["marker"] != "none"):
                        series.append(s)
            continue
        if kind == "pie":
            for w in [a for a in items if isinstance(a, Wedge) and visible(a)]:
                series.append(patch_series("pie", w, call, label_of(w), boxes, [w]))
            continue
        if kind == "box":
            # Filled boxes (patch_artist=True) carry the figure's colours, one face per group like
            # pie wedges; unfilled boxes are drawn by lines and fall through to the line rule.
            faces = [a for a in items if isinstance(a, PathPatch) and visible(a)]
            if faces:
                for p in faces:
                    series.append(patch_series("box", p, call, label_of(p), boxes, [p]))
                continue
        if kind in ("heatmap", "contour", "hexbin"):
            mapped = [a for a in items if isinstance(a, (_ImageBase, QuadMesh, Collection)) and visible(a)]
            if mapped:
                series.append(mapped_series(kind, mapped[0], call, boxes))
            continue
        lines = [a for a in items if isinstance(a, Line2D) and visible(a)]
        cols = [a for a in items if isinstance(a, Collection) and visible(a)]
        patches = [a for a in items if isinstance(a, Patch) and visible(a)]
        if kind == "line":
            for line in lines:
                series.append(line_series("line", line, call, label_of(line), boxes))
        elif kind in ("scatter", "band", "area"):
            for col in cols:
                series.append(collection_series(kind, col, call, label_of(col), boxes))
            for p in patches:
                series.append(patch_series(kind, p, call, label_of(p), boxes, [p]))
        elif lines:
            s = line_series(kind, lines[0], call, label_of(lines[0]), boxes)
            if s is not None:
                s["kind"] = kind
            series.append(s)
        elif cols:
            series.append(collection_series(kind, cols[0], call, label_of(cols[0]), boxes))
        elif patches:
            series.append(patch_series(kind, patches[0], call, label_of(patches[0]), boxes, patches))
    # Artists added without a hooked plotting call (add_line, add_collection, ...).
    for line in ax.lines:
        if id(line) not in seen and visible(line):
            series.append(line_series("line", line, None, label_of(line), boxes))
    for col in ax.collections:
        if id(col) in seen or not visible(col):
            continue
        if isinstance(col, PathCollection):
            series.append(collection_series("scatter", col, None, label_of(col), boxes))
        elif isinstance(col, QuadMesh):
            series.append(mapped_series("heatmap", col, None, boxes))
        elif isinstance(col, PolyCollection):
            series.append(collection_series("area", col, None, label_of(col), boxes))
    for image in ax.images:
        if id(image) not in seen and visible(image):
            series.append(mapped_series("heatmap", image, None, boxes))
    # a series none of whose artists is seen is not drawn (figboard_pixels)
    return [s for s in series if s is not None][:MAX_SERIES]


def colormap_samples(cmap):
    """Five colours of the colormap object that draws (never looked up by name)."""
    try:
        return [mcolors.to_hex(cmap(i / 4.0), keep_alpha=False) for i in range(5)]
    except Exception:
        return []


def axis_below(ax):
    """Where the axis (ticks, grid) is drawn relative to the data, from its z-order (what
    set_axisbelow sets: 0.5 below everything, 1.5 below lines, 2.5 above)."""
    z = ax.xaxis.get_zorder()
    return "true" if z < 1 else "line" if z < 2 else "false"


def defaults_block():
    d = matplotlib.rcParamsDefault
    base = float(d["font.size"])

    def size(key):
        v = d[key]
        if isinstance(v, str):
            return r(base * fm.font_scalings.get(v, 1.0), 2)
        return r(v, 2)

    def c(key, fallback="#000000"):
        v = d[key]
        if v is None or v in ("inherit", "auto", "None", "none"):
            return fallback
        return color(v)[0]

    default_family = family(fm.FontProperties(family=d["font.family"]))
    text = c("text.color")
    fig_face = c("figure.facecolor")
    return {
        "figure": {"widthIn": r(d["figure.figsize"][0]), "heightIn": r(d["figure.figsize"][1]), "dpi": r(d["figure.dpi"]), "facecolor": fig_face},
        "font": {"family": default_family, "size": r(base, 2)},
        "textSize": {
            "title": size("axes.titlesize"), "suptitle": size("figure.titlesize"), "xlabel": size("axes.labelsize"),
            "ylabel": size("axes.labelsize"), "xtick": size("xtick.labelsize"), "ytick": size("ytick.labelsize"),
            "legend": size("legend.fontsize"), "legend-title": size("legend.title_fontsize") if d["legend.title_fontsize"] is not None else r(base, 2),
            "annotation": r(base, 2), "colorbar-label": size("axes.labelsize"), "colorbar-tick": size("ytick.labelsize"),
        },
        "textWeight": {
            "title": weight(d["axes.titleweight"]), "suptitle": weight(d["figure.titleweight"]), "xlabel": weight(d["axes.labelweight"]),
            "ylabel": weight(d["axes.labelweight"]), "colorbar-label": weight(d["axes.labelweight"]),
        },
        "textColor": {
            "title": c("axes.titlecolor", text), "xlabel": c("axes.labelcolor"), "ylabel": c("axes.labelcolor"),
            "xtick": c("xtick.labelcolor", c("xtick.color")), "ytick": c("ytick.labelcolor", c("ytick.color")),
            "legend": c("legend.labelcolor", text), "annotation": text, "suptitle": text,
        },
        "spine": {"visible": bool(d["axes.spines.top"]), "linewidth": r(d["axes.linewidth"]), "color": c("axes.edgecolor")},
        "grid": {"on": bool(d["axes.grid"]), "linestyle": linestyle(d["grid.linestyle"]), "linewidth": r(d["grid.linewidth"]),
                 "color": c("grid.color"), "alpha": r(d["grid.alpha"])},
        "axisbelow": str(d["axes.axisbelow"]).lower(),
        "axesFacecolor": c("axes.facecolor"),
        "ticks": {
            "x": {"direction": d["xtick.direction"], "length": r(d["xtick.major.size"]), "width": r(d["xtick.major.width"]),
                  "sides": "+".join(s for s, on in (("bottom", d["xtick.bottom"]), ("top", d["xtick.top"])) if on) or "none",
                  "labelSides": "+".join(s for s, on in (("bottom", d["xtick.labelbottom"]), ("top", d["xtick.labeltop"])) if on) or "none",
                  "color": c("xtick.color"), "minorVisible": bool(d["xtick.minor.visible"]), "rotation": 0.0},
            "y": {"direction": d["ytick.direction"], "length": r(d["ytick.major.size"]), "width": r(d["ytick.major.width"]),
                  "sides": "+".join(s for s, on in (("left", d["ytick.left"]), ("right", d["ytick.right"])) if on) or "none",
                  "labelSides": "+".join(s for s, on in (("left", d["ytick.labelleft"]), ("right", d["ytick.labelright"])) if on) or "none",
                  "color": c("ytick.color"), "minorVisible": bool(d["ytick.minor.visible"]), "rotation": 0.0},
        },
        "legend": {"frameon": bool(d["legend.frameon"]), "loc": str(d["legend.loc"]), "ncols": 1, "framealpha": r(d["legend.framealpha"]),
                   "frameEdgecolor": c("legend.edgecolor"), "frameFacecolor": c("axes.facecolor") if d["legend.facecolor"] == "inherit" else c("legend.facecolor"),
                   "fancybox": bool(d["legend.fancybox"]), "shadow": bool(d["legend.shadow"])},
        "line": {"linewidth": r(d["lines.linewidth"]), "linestyle": linestyle(d["lines.linestyle"]), "marker": marker(d["lines.marker"]),
                 "markersize": r(d["lines.markersize"])},
        "patch": {"edgecolor": c("patch.edgecolor") if d["patch.force_edgecolor"] else "none", "linewidth": r(d["patch.linewidth"]), "hatch": "", "alpha": 1.0},
        "scatter": {"marker": marker(d["scatter.marker"]), "markersize": r(d["lines.markersize"])},
        "cycle": [color(x["color"])[0] for x in d["axes.prop_cycle"] if "color" in x],
        "cmap": str(d["image.cmap"]),
        "scale": "linear",
    }


def introspect(fig, boxes, canvas, png_size, save_dpi, save_kwargs, max_texts, shown=None, probe=None, areas=None):
    bx = Boxes(boxes, canvas, shown, probe, areas)
    all_axes = list(fig.axes)[:MAX_AXES]
    index_of = {id(ax): i for i, ax in enumerate(all_axes)}
    roles = {}  # id(text) -> (role, axes index)

    def note(t, role, axi):
        if t is not None and id(t) not in roles:
            roles[id(t)] = (role, axi)

    for attr, role in (("_suptitle", "suptitle"), ("_supxlabel", "suplabel"), ("_supylabel", "suplabel")):
        note(getattr(fig, attr, None), role, None)
    for t in fig.texts:
        note(t, "figure-text", None)

    axes_out = []
    roles_of = axis_roles(all_axes)
    for i, ax in enumerate(all_axes):
        role = roles_of[i]
        is_cbar = role == "colorbar"
        for t in (ax.title, getattr(ax, "_left_title", None), getattr(ax, "_right_title", None)):
            note(t, "title", i)
        note(ax.xaxis.label, "colorbar-label" if is_cbar else "xlabel", i)
        note(ax.yaxis.label, "colorbar-label" if is_cbar else "ylabel", i)
        for axis, name in ((ax.xaxis, "xtick"), (ax.yaxis, "ytick")):
            note(axis.get_offset_text(), "offset", i)
            for tick in list(axis.get_major_ticks()) + list(axis.get_minor_ticks()):
                for label in (tick.label1, tick.label2):
                    note(label, "colorbar-tick" if is_cbar else name, i)
        leg = ax.get_legend()
        if leg is not None:
            note(leg.get_title(), "legend-title", i)
            for t in leg.get_texts():
                note(t, "legend", i)
        for t in ax.texts:
            note(t, "pie-label" if kind_of(t) == "pie" else "annotation", i)

        series = [] if is_cbar else axes_series(ax, bx)
        primary = sorted({s["kind"] for s in series if s["kind"] not in PRIMARY_EXCLUDED})
        drawn = bx.shows
        errorbars = []
        errorbar_artists = []
        for c in ax.containers:
            if not isinstance(c, ErrorbarContainer):
                continue
            bars = [a for a in c.get_children() if a is not None and (not c.lines or a is not c.lines[0]) and drawn(a)]
            if bars:
                errorbars.append(c)
                errorbar_artists.extend(bars)
        bands = [s for s in series if s["kind"] == "band"]
        band_artists = [a for a in ax.get_children() if kind_of(a) == "band" and drawn(a)]
        annotations = [t for t in ax.texts if kind_of(t) != "pie" and t.get_text().strip() and drawn(t)]
        reflines = [a for a in ax.get_children() if kind_of(a) == "refline" and drawn(a)]
        legend = ax.get_legend()
        legend_drawn = drawn(legend) and len(legend.get_texts()) > 0
        position = ax.get_position()
        face, face_alpha = color(ax.get_facecolor())
        cbar = None
        parent = None
        if is_cbar:
            cb = ax._colorbar
            cmap = None
            samples = []
            try:
                cmap = cmap_name(cb.cmap)
                samples = colormap_samples(cb.cmap)
            except Exception:
                pass
            mappable_ax = getattr(getattr(cb, "mappable", None), "axes", None)
            parent = index_of.get(id(mappable_ax)) if mappable_ax is not None else None
            cbar = {"orientation": str(getattr(cb, "orientation", "vertical")), "cmap": cmap, "samples": samples}
        elif role == "twin":
            for j, other in enumerate(all_axes):
                if other is not ax and tuple(other.get_position().bounds) == tuple(position.bounds):
                    parent = j
                    break
        for s in series:
            if not (s["kind"] in ("heatmap", "contour", "hexbin") and s.get("cmap")):
                s.pop("samples", None)
        axes_out.append({
            "index": i,
            "role": role,
            "parent": parent,
            "box": bx.get(ax),
            "position": [r(position.x0), r(position.y0), r(position.width), r(position.height)],
            "subplot": subplot_info(ax),
            "chartTypes": primary,
            "series": series,
            "spines": spine_info(ax, bx),
            "grid": {"x": grid_info(ax.xaxis, bx), "y": grid_info(ax.yaxis, bx)},
            "axisbelow": axis_below(ax),
            "facecolor": face,
            "ticks": {"x": tick_info(ax.xaxis, "x", bx), "y": tick_info(ax.yaxis, "y", bx)},
            "scale": {"x": str(type(ax.xaxis._scale).name), "y": str(type(ax.yaxis._scale).name)},
            "legend": legend_info(ax.get_legend(), bx),
            "colorbar": cbar,
            "signature": {
                "legend": bool(legend_drawn),
                "errorbars": len(errorbars),
                "bands": len(bands),
                "annotations": len(annotations),
                "reflines": len(reflines),
            },
            "elementBoxes": {
                "errorbars": bx.union(errorbar_artists),
                "bands": bx.union(band_artists),
                "annotations": bx.union(annotations),
                "reflines": bx.union(reflines),
                "series": bx.union([a for a in ax.get_children() if kind_of(a) not in (None, "annotation", "band", "refline")]),
            },
        })

    fig_legends = []
    for leg in fig.legends:
        note(leg.get_title(), "legend-title", None)
        for t in leg.get_texts():
            note(t, "legend", None)
        info = legend_info(leg, bx)
        if info is not None:
            fig_legends.append(info)

    texts = []
    truncated = False
    for t in fig.findobj(match=Text):
        # Every drawn text is listed (it can be clipped or overlap); `shown` says whether it left
        # pixels, and only shown texts earn style credit.
        if id(t) not in boxes or not t.get_visible() or not t.get_text().strip():
            continue
        if len(texts) >= max_texts:
            truncated = True
            break
        role, axi = roles.get(id(t), ("other", None))
        texts.append(text_info(t, role, axi, bx))

    main = [a for a, role in zip(all_axes, roles_of) if role == "main"]
    grid = None
    for ax in main:
        info = subplot_info(ax)
        if info is not None:
            grid = {"rows": info["rows"], "cols": info["cols"]}
            break
    fc, _ = color(save_kwargs.get("facecolor", fig.get_facecolor()))
    width_in, height_in = fig.get_size_inches()
    return {
        "version": 1,
        "matplotlib": matplotlib.__version__,
        "figure": {
            "widthIn": r(width_in), "heightIn": r(height_in), "dpi": r(save_dpi), "facecolor": fc,
            "png": {"width": int(png_size[0]), "height": int(png_size[1])},
            "tight": save_kwargs.get("bbox_inches") == "tight",
            "grid": grid, "axesCount": len(fig.axes), "legends": fig_legends,
        },
        "axes": axes_out,
        "texts": texts,
        "textsTruncated": truncated,
        "defaults": defaults_block(),
    }
