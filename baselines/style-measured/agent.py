#!/usr/bin/env python3
"""FigBoard's grounded-measurement baseline for the style track: no model, only pixels.

FigMirror's idea (measure the reference's style before writing code) without a model: the
reference.png is measured — canvas and panel colours, the panel's box, spines and their widths,
grid lines, tick direction and sides, tick-label and title heights turned into font sizes, the
mark palette by clustering the exact colours of the marks, a colour map matched against
matplotlib's where the marks form a ramp, line widths and marker sizes from the marks' thickness
— and written as rcParams in front of the default-style plot of the task's chart type (the same
bodies baseline-style-default draws, suites/style-real/build/defaults/). What measurement alone
reaches, between the default-style floor and the reference-code ceiling.

It reads reference.png, data.csv's header (through the plot body) and task.json's chart type and
data roles. The chart type is a hint a submitted method does not get (the style runner's task
folder holds only reference.png and data.csv, docs/SUBMITTING.md): this baseline measures style
with the chart type known, which is why suites/scripts/run-style-measured.ts runs it rather than
`refig run`. Never reference.py, criteria.json or sealed.json.

Usage:  python3 agent.py TASK_DIR OUT_DIR      (writes OUT_DIR/figure.py)
Deterministic: the same reference.png gives the same figure.py.
"""

import json
import os
import sys

import numpy as np
from PIL import Image
from scipy import ndimage

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULTS = os.path.join(HERE, "..", "..", "suites", "style-real", "build", "defaults")

# Chart type (task.json) -> the default-style plot body that draws its data layout.
BODY = {
    "area": "area", "band": "band", "horizontal-bar": "barh", "box": "box", "donut": "donut",
    "dual-axis": "dual", "errorbar": "errorbar", "grouped-bar": "grouped-bar",
    "heatmap": "heatmap", "histogram": "hist", "line": "line",
    "multi-panel-scatter": "panel-scatter", "pie": "pie", "polar-bar": "polar-bar",
    "scatter": "scatter", "stacked-bar": "stacked-barh", "violin": "violin",
    "interval-estimate": "grouped-bar",
}


def body_for(task):
    """The default body for the chart type, chosen by the data layout where one type has two."""
    chart = task["chartType"]
    roles = task.get("data", {}).get("spec", {}).get("roles", [])
    if chart == "band" and "lo" not in roles:
        return "band-err"
    if chart == "scatter" and "size" not in roles:
        return "scatter-xy"
    return BODY.get(chart, "line")
# Heights of DejaVu Sans glyphs in em: digits (tick labels) and capitals with descenders (titles).
DIGIT_EM = 0.729
LINE_EM = 0.94
# Colour maps a ramp of mark colours is compared with (the ones papers and the gallery use).
CMAPS = ["viridis", "plasma", "inferno", "magma", "cividis", "Blues", "Greens", "Reds",
         "Oranges", "Purples", "Greys", "YlGn", "YlOrBr", "YlOrRd", "RdPu", "PuBuGn", "BuPu",
         "GnBu", "RdYlGn", "RdYlBu", "RdBu", "coolwarm", "Spectral", "PiYG", "BrBG", "bwr",
         "seismic", "turbo", "jet", "hot", "copper", "summer", "winter", "cool", "spring",
         "autumn", "bone", "pink", "gray", "tab20c"]


def hexc(rgb):
    return "#%02x%02x%02x" % tuple(int(v) for v in rgb)


def mode_colour(pixels):
    """The most frequent exact colour of an N x 3 array (ties: the smallest packed value)."""
    if len(pixels) == 0:
        return np.array([255, 255, 255]), 0.0
    packed = (pixels[:, 0].astype(np.int64) << 16) | (pixels[:, 1].astype(np.int64) << 8) | pixels[:, 2]
    vals, counts = np.unique(packed, return_counts=True)
    v = int(vals[np.argmax(counts)])
    return np.array([v >> 16, (v >> 8) & 255, v & 255]), counts.max() / len(packed)


def dist(img, rgb):
    return np.abs(img.astype(np.int32) - np.asarray(rgb, dtype=np.int32)).sum(axis=-1)


def long_runs(mask, axis, min_len):
    """Indices of rows (axis=1) or columns (axis=0) holding a run of True at least min_len long."""
    m = mask if axis == 1 else mask.T
    out = []
    for i, row in enumerate(m):
        if row.sum() < min_len:
            continue
        d = np.diff(np.concatenate([[0], row.astype(np.int8), [0]]))
        starts, ends = np.where(d == 1)[0], np.where(d == -1)[0]
        if (ends - starts).max() >= min_len:
            out.append(i)
    return out


def groups(idx):
    """Consecutive indices grouped: [(first, last), …]."""
    out = []
    for i in idx:
        if out and i == out[-1][1] + 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return [tuple(g) for g in out]


def blend(rgb, mark, bg):
    """Whether rgb lies on the segment between a mark colour and the background (antialiasing)."""
    a, b = np.asarray(mark, float), np.asarray(bg, float)
    d = b - a
    n = float(d @ d)
    if n == 0:
        return False
    t = float((np.asarray(rgb, float) - a) @ d) / n
    return 0 < t < 1 and np.abs(a + t * d - rgb).sum() < 24


class Measure:
    def __init__(self, path):
        im = Image.open(path)
        self.dpi = float(im.info.get("dpi", (100, 100))[0]) or 100.0
        self.img = np.asarray(im.convert("RGB"))
        self.h, self.w = self.img.shape[:2]
        self.pt = 72.0 / self.dpi  # points per pixel
        self.rc = {}
        self.notes = []
        self.colours = []
        self.marks = None

    def canvas(self):
        img = self.img
        border = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]])
        self.fig_bg, _ = mode_colour(border)
        c = img[self.h // 4: 3 * self.h // 4, self.w // 4: 3 * self.w // 4].reshape(-1, 3)
        self.ax_bg, share = mode_colour(c)
        self.rc["figure.figsize"] = (round(self.w / self.dpi, 2), round(self.h / self.dpi, 2))
        self.rc["figure.facecolor"] = hexc(self.fig_bg)
        self.rc["savefig.facecolor"] = hexc(self.fig_bg)
        self.rc["axes.facecolor"] = hexc(self.ax_bg)
        self.notes.append(f"canvas {hexc(self.fig_bg)}, panel {hexc(self.ax_bg)} ({share:.0%} of the centre)")

    def panel_box(self):
        """The panel: the extent of the panel colour, else the outermost long straight lines."""
        img = self.img
        if dist(img, self.fig_bg).max() and (dist(self.ax_bg[None, None], self.fig_bg) > 12).all():
            m = dist(img, self.ax_bg) < 6
            rows = np.where(m.mean(axis=1) > 0.25)[0]
            cols = np.where(m.mean(axis=0) > 0.25)[0]
            if len(rows) and len(cols):
                self.box = (int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1]))
                return
        ink = dist(img, self.fig_bg) > 60
        hr = long_runs(ink, 1, int(0.3 * self.w))
        vc = long_runs(ink, 0, int(0.3 * self.h))
        top, bottom = (hr[0], hr[-1]) if len(hr) >= 2 else (int(0.1 * self.h), int(0.88 * self.h))
        left, right = (vc[0], vc[-1]) if len(vc) >= 2 else (int(0.12 * self.w), int(0.9 * self.w))
        self.box = (top, bottom, left, right)

    def spines_and_grid(self):
        top, bottom, left, right = self.box
        img = self.img
        bg = self.ax_bg
        edges = {
            "top": img[max(top - 2, 0): top + 3, left + 5: right - 5],
            "bottom": img[bottom - 2: bottom + 3, left + 5: right - 5],
            "left": img[top + 5: bottom - 5, max(left - 2, 0): left + 3].transpose(1, 0, 2),
            "right": img[top + 5: bottom - 5, right - 2: right + 3].transpose(1, 0, 2),
        }
        widths, colours = [], {}
        for side, band in edges.items():
            # A spine: band rows (or columns) whose pixels almost all share one non-panel colour;
            # its width counts the rows at least half as far from the panel colour as the darkest.
            lines = []
            for k, row in enumerate(band):
                c, share = mode_colour(row)
                contrast = min(dist(c[None], bg)[0], dist(c[None], self.fig_bg)[0])
                if share > 0.8 and contrast > 30:
                    lines.append((contrast, k, c))
            visible = bool(lines)
            self.rc[f"axes.spines.{side}"] = visible
            if visible:
                top_c = max(lines, key=lambda x: (x[0], -x[1]))
                colours[side] = top_c[2]
                widths.append(sum(1 for c, _, _ in lines if c >= 0.5 * top_c[0]))
        if colours:
            c = colours.get("left", colours.get("bottom", next(iter(colours.values()))))
            self.rc["axes.edgecolor"] = hexc(c)
            self.spine_colour = c
            self.rc["axes.linewidth"] = round(float(np.median(widths)) * self.pt, 2)
        else:
            self.spine_colour = None
        # Grid: several long lines of one colour strictly inside the panel.
        inner = img[top + 4: bottom - 3, left + 4: right - 3]
        self.grid_colour = None
        for axis, name in ((1, "y"), (0, "x")):
            span = inner.shape[1] if axis == 1 else inner.shape[0]
            lines = []
            m = inner if axis == 1 else inner.transpose(1, 0, 2)
            for k, row in enumerate(m):
                c, share = mode_colour(row)
                if share > 0.55 and dist(c[None], bg)[0] > 8:
                    lines.append((k, c))
            # Grid lines are thin, repeated and all of one colour (a filled mark is none of these).
            runs = [(a, b) for a, b in groups([k for k, _ in lines]) if b - a < 4]
            by = dict(lines)
            ref = by[runs[len(runs) // 2][0]] if runs else None
            runs = [r for r in runs if ref is not None and dist(by[r[0]][None], ref)[0] < 30]
            on = len(runs) >= 2 and span > 20
            self.rc[f"axes.grid.{name}"] = on  # consumed below, not a real rcParam
            if on:
                self.grid_colour = ref
                self.rc["grid.color"] = hexc(ref)
                self.rc["grid.linewidth"] = round(float(np.median([b - a + 1 for a, b in runs])) * self.pt, 2)
        gx, gy = self.rc.pop("axes.grid.x"), self.rc.pop("axes.grid.y")
        self.rc["axes.grid"] = gx or gy
        if gx or gy:
            self.rc["axes.grid.axis"] = "both" if gx and gy else ("x" if gx else "y")
            # Grid drawn below the marks when a mark pixel interrupts a grid line.
            self.rc["axes.axisbelow"] = True

    def ticks(self):
        top, bottom, left, right = self.box
        img = self.img
        spine = self.spine_colour if self.spine_colour is not None else np.array([0, 0, 0])

        def marks(band):
            # Tick marks: short strokes of the spine colour at several places along the band.
            m = dist(band, spine) < 80
            return len(groups(list(np.where(m.any(axis=0))[0]))) >= 3

        sides = {}
        for side, out_band, in_band in (
            ("bottom", img[bottom + 3: bottom + 6, left: right], img[bottom - 6: bottom - 2, left: right]),
            ("top", img[max(top - 6, 0): max(top - 2, 0), left: right], img[top + 3: top + 6, left: right]),
            ("left", img[top: bottom, max(left - 6, 0): max(left - 2, 0)].transpose(1, 0, 2),
             img[top: bottom, left + 3: left + 6].transpose(1, 0, 2)),
            ("right", img[top: bottom, right + 3: right + 6].transpose(1, 0, 2),
             img[top: bottom, right - 6: right - 2].transpose(1, 0, 2)),
        ):
            o = out_band.size > 0 and marks(out_band)
            i = in_band.size > 0 and marks(in_band) and not self.rc.get("axes.grid")
            sides[side] = "out" if o else ("in" if i else None)
        for axis, a, b in (("x", "bottom", "top"), ("y", "left", "right")):
            d = sides[a] or sides[b]
            if d:
                self.rc[f"{axis}tick.direction"] = d
            self.rc[f"{axis}tick.{a}"] = sides[a] is not None or sides[b] is None
            self.rc[f"{axis}tick.{b}"] = sides[b] is not None
            if sides[a] is None and sides[b] is None:
                self.rc[f"{axis}tick.major.size"] = 0

    def text(self):
        """Font sizes from the heights of the text lines outside the panel."""
        top, bottom, left, right = self.box
        img = self.img
        ink = dist(img, self.fig_bg) > 120
        ink[top: bottom + 1, left: right + 1] = False

        def line_heights(region, axis):
            prof = region.any(axis=axis)
            # A text line is 5-30 px tall at these sizes; taller runs are merged lines or marks.
            return [(a, b - a + 1) for a, b in groups(list(np.where(prof)[0])) if 5 <= b - a + 1 <= 30]

        below = ink[bottom + 4: self.h, left: right]
        rows = line_heights(below, 1)
        if rows:
            h = rows[0][1]
            self.rc["xtick.labelsize"] = round(h / DIGIT_EM * self.pt * 2) / 2
            self.rc["font.size"] = self.rc["xtick.labelsize"]
            if len(rows) > 1 and rows[1][1] >= rows[0][1]:
                self.rc["axes.labelsize"] = round(rows[1][1] / LINE_EM * self.pt * 2) / 2
            band = img[bottom + 4 + rows[0][0]: bottom + 4 + rows[0][0] + h, left: right].reshape(-1, 3)
            d = dist(band, self.fig_bg)
            # The glyphs' own colour: the pixels farthest from the canvas (edges are blends).
            solid = band[d >= 0.85 * d.max()]
            if len(solid):
                c, _ = mode_colour(solid)
                self.rc["xtick.color"] = self.rc["xtick.labelcolor"] = hexc(c)
                self.rc["ytick.color"] = self.rc["ytick.labelcolor"] = hexc(c)
                self.rc["axes.labelcolor"] = self.rc["text.color"] = hexc(c)
        left_region = ink[top: bottom, 0: max(left - 4, 1)]
        digits = line_heights(left_region, 1)
        if digits:
            self.rc["ytick.labelsize"] = round(float(np.median([h for _, h in digits])) / DIGIT_EM * self.pt * 2) / 2
        above = ink[0: max(top - 4, 1), left: right]
        rows = line_heights(above, 1)
        if rows:
            self.rc["axes.titlesize"] = round(rows[-1][1] / LINE_EM * self.pt * 2) / 2

    def palette(self):
        """Mark colours: the exact colours covering the panel beyond its background, grid and frame."""
        top, bottom, left, right = self.box
        px = self.img[top + 3: bottom - 2, left + 3: right - 2].reshape(-1, 3).astype(np.int32)
        keep = dist(px, self.ax_bg) > 40
        for c in (self.grid_colour, self.spine_colour, self.fig_bg):
            if c is not None:
                keep &= dist(px, c) > 40
        tc = self.rc.get("text.color")
        if tc:
            keep &= dist(px, [int(tc[i: i + 2], 16) for i in (1, 3, 5)]) > 40
        px = px[keep]
        self.marks = px
        if len(px) < 30:
            self.colours = []
            return
        packed = (px[:, 0] << 16) | (px[:, 1] << 8) | px[:, 2]
        vals, counts = np.unique(packed, return_counts=True)
        order = np.lexsort((vals, -counts))
        chosen = []
        floor = max(20, 0.004 * len(px))
        for i in order:
            if counts[i] < floor or len(chosen) >= 10:
                break
            v = int(vals[i])
            rgb = np.array([v >> 16, (v >> 8) & 255, v & 255])
            # Antialiasing blends a mark with what is behind it: keep colours unlike those chosen.
            if all(np.abs(rgb - c).sum() > 90 and not blend(rgb, c, self.ax_bg) for c in chosen):
                chosen.append(rgb)
        self.colours = chosen
        if chosen:
            self.rc["axes.prop_cycle"] = [hexc(c) for c in chosen]
            self.rc["patch.facecolor"] = hexc(chosen[0])
        self.notes.append(f"{len(chosen)} mark colours from {len(vals)} exact colours")

    def colormap(self):
        """The matplotlib colour map whose ramp lies closest to the marks' colours."""
        import matplotlib

        if len(self.marks) < 200:
            return None
        sample = self.marks[:: max(1, len(self.marks) // 4000)].astype(float)
        best, best_d = None, 1e9
        for name in CMAPS:
            ramp = matplotlib.colormaps[name](np.linspace(0, 1, 256))[:, :3] * 255
            d = np.sqrt(((sample[:, None, :] - ramp[None, :, :]) ** 2).sum(-1)).min(axis=1).mean()
            if d < best_d:
                best, best_d = name, d
        self.notes.append(f"colour map {best} (mean distance {best_d:.1f})")
        return best

    def strokes(self, chart):
        """Line width and marker size from the thickness of the first mark colour."""
        if not self.colours:
            return
        top, bottom, left, right = self.box
        sub = self.img[top + 3: bottom - 2, left + 3: right - 2]
        m = dist(sub, self.colours[0]) < 60
        if m.sum() < 20:
            return
        edt = ndimage.distance_transform_edt(m)
        width = 2 * float(np.percentile(edt[m], 90)) - 1
        if chart in ("line", "band", "errorbar", "dual-axis", "area"):
            self.rc["lines.linewidth"] = round(max(0.5, width) * self.pt, 2)
        lab, n = ndimage.label(m)
        if 3 <= n <= 2000:
            sizes = ndimage.sum(m, lab, range(1, n + 1))
            blobs = sizes[(sizes > 6) & (sizes < 2000)]
            if len(blobs) >= 3:
                self.rc["lines.markersize"] = round(2 * np.sqrt(np.median(blobs) / np.pi) * self.pt, 2)


PRELUDE_RC = "RC = {}\n"


def figure_script(task, measure, cmap):
    chart = task["chartType"]
    body_kind = body_for(task)
    with open(os.path.join(DEFAULTS, "_prelude.py"), encoding="utf-8") as f:
        prelude = f.read()
    with open(os.path.join(DEFAULTS, f"{body_kind}.py"), encoding="utf-8") as f:
        body = f.read()
    cols = task.get("data", {}).get("spec", {}).get("gridColumns")
    if cols:
        body = body.replace("COLS = 2", f"COLS = {cols}")
    rc = dict(measure.rc)
    palette = rc.pop("axes.prop_cycle", None)
    lines = ["RC = {"]
    for k in sorted(rc):
        lines.append(f"    {k!r}: {rc[k]!r},")
    lines.append("}")
    head = prelude.replace(PRELUDE_RC, "\n".join(lines) + "\n", 1)
    head = head.replace("PALETTE = None", f"PALETTE = {palette!r}" if palette else "PALETTE = None", 1)
    head = head.replace("CMAP = None", f"CMAP = {cmap!r}" if cmap else "CMAP = None", 1)
    notes = "\n".join(f"#   {n}" for n in measure.notes)
    return (f'"""FigBoard baseline "grounded measurement": task {task["id"]} ({chart}) in matplotlib\'s\n'
            f"default construction, with the style measured from reference.png's pixels."
            f'"""\n# Measured ({measure.w} x {measure.h} px at {measure.dpi:g} dpi):\n{notes}\n{head}\n{body}')


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: agent.py TASK_DIR OUT_DIR")
    task_dir, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(task_dir, "task.json"), encoding="utf-8") as f:
        task = json.load(f)
    m = Measure(os.path.join(task_dir, "reference.png"))
    m.canvas()
    m.panel_box()
    m.spine_colour = m.grid_colour = None
    top, bottom, left, right = m.box
    # Pies, donuts and images have no panel frame to read, and a panel narrower than a few
    # pixels is a misread: then only the colours are measured.
    framed = task["chartType"] not in ("pie", "donut", "heatmap", "polar-bar")
    if not framed or bottom - top < 20 or right - left < 20:
        m.box = (0, m.h - 1, 0, m.w - 1)
        framed = False
    steps = [m.spines_and_grid, m.ticks, m.text] if framed else []
    steps += [m.palette, lambda: m.strokes(task["chartType"])]
    cmap = None
    for step in steps:
        # A measurement that cannot be read leaves matplotlib's default for it (noted in figure.py).
        try:
            step()
        except (ValueError, IndexError) as e:
            m.notes.append(f"{getattr(step, '__name__', 'strokes')}: not measured ({type(e).__name__})")
    if task["chartType"] in ("heatmap", "contour", "image") and getattr(m, "marks", None) is not None:
        cmap = m.colormap()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "figure.py"), "w", encoding="utf-8") as f:
        f.write(figure_script(task, m, cmap))


if __name__ == "__main__":
    main()
