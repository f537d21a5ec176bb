"""What each data series drew, measured from the pixels of the PNG that is scored (issue 22).

A series' declared colour (`get_facecolor()`, `get_color()`) is what the artist says; path
effects, a white stroke over the marks, alpha 0 or a zorder that puts something opaque above it
change what is drawn without changing the declaration. So for every series the introspection
reports, figboard_measure renders the figure twice more:

- without the series (everything else in place): the pixels that differ from the full render are
  the series' OWN visible pixels, seen against what really lies under it;
- the series ALONE (every other recorded artist left out): the pixels it would paint if nothing
  covered it.

From these: `coverage` = own ∩ alone / alone (how much of what it paints is still seen), the
coverage of each of its artists (one bar of a bar series), and the drawn colour (the median of
the most-changed own pixels, with the background under them), compared with the declared colour
by CIEDE2000. The introspection then reports the DRAWN colour when they differ and leaves out the
artists that are not seen (see figboard_introspect.Boxes).
"""

import math

# A series (or one of its artists) is seen when at least this share of what it paints alone is
# still visible in the full render; its declared colour is drawn when the measured colour is
# within this CIEDE2000 distance of it (composited over the measured background).
# Or, where the median is mixed (translucent overlaps, a face with an edge), when at least
# `min_consistent` of the own pixels it changed strongly are the declared colour over what lies
# under each of them, or part-way toward it: within `residual` of the contrast off that segment.
SERIES_RULES = {"min_coverage": 0.5, "max_delta_e": 10.0, "diff": 2.0, "min_consistent": 0.5, "residual": 0.15}


def consistent_share(full, under, bare, rgba):
    """Share of the strongly changed pixels `full` (N×3) that are the colour `rgba` composited
    over `under` (N×3): on the segment from `under` toward the opaque colour, at least half of one
    layer of its alpha along it (translucent marks that overlap each other go further along)."""
    import numpy as np

    r, g, b, a = rgba
    d = 255.0 * np.array([r, g, b], dtype=np.float32) - under
    reach = np.linalg.norm(d, axis=1)
    contrast = a * reach
    t = np.clip(((full - under) * d).sum(axis=1) / np.maximum(reach, 1e-6) ** 2, 0.0, 1.0)
    residual = np.linalg.norm(full - (under + t[:, None] * d), axis=1)
    # Only pixels it changed strongly are asked: by half its contrast with the bare axes (`bare`)
    # or more. An antialiased edge or a stretch under a later translucent series says little
    # about its colour.
    strong = (contrast > 1e-6) & (np.linalg.norm(full - under, axis=1) >= 0.5 * a * np.linalg.norm(255.0 * np.array([r, g, b], dtype=np.float32) - bare, axis=1))
    ok = strong & (t >= 0.5 * a) & (residual <= SERIES_RULES["residual"] * contrast + 4.0)
    return float(ok.sum()) / float(strong.sum()) if strong.any() else 0.0


def _srgb_to_lab(rgb):
    def lin(c):
        c = c / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(float(v)) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1.0 / 3.0) if t > 216.0 / 24389.0 else (24389.0 / 27.0 * t + 16.0) / 116.0

    fx, fy, fz = f(x), f(y), f(z)
    return 116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)


def delta_e(rgb1, rgb2):
    """CIEDE2000 between two sRGB colours (0..255), as evaluator/src/style/ciede2000.ts."""
    l1, a1, b1 = _srgb_to_lab(rgb1)
    l2, a2, b2 = _srgb_to_lab(rgb2)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2.0
    g = 0.5 * (1.0 - math.sqrt(cm ** 7 / (cm ** 7 + 25.0 ** 7)))
    a1p, a2p = a1 * (1.0 + g), a2 * (1.0 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360.0 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360.0 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180.0:
            dh -= 360.0
        elif dh < -180.0:
            dh += 360.0
    dH = 2.0 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2.0)
    lm, cmp_ = (l1 + l2) / 2.0, (c1p + c2p) / 2.0
    hm = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) > 180.0:
            hm = (hm + 360.0) / 2.0 if hm < 360.0 else (hm - 360.0) / 2.0
        else:
            hm /= 2.0
    t = (1.0 - 0.17 * math.cos(math.radians(hm - 30.0)) + 0.24 * math.cos(math.radians(2.0 * hm))
         + 0.32 * math.cos(math.radians(3.0 * hm + 6.0)) - 0.20 * math.cos(math.radians(4.0 * hm - 63.0)))
    sl = 1.0 + 0.015 * (lm - 50.0) ** 2 / math.sqrt(20.0 + (lm - 50.0) ** 2)
    sc = 1.0 + 0.045 * cmp_
    sh = 1.0 + 0.015 * cmp_ * t
    rt = -2.0 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25.0 ** 7)) * math.sin(math.radians(60.0 * math.exp(-(((hm - 275.0) / 25.0) ** 2))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


class SeriesProbe:
    """Measures series against the full render `full` (H×W×3 over white, float) and the render of
    the axes backgrounds alone `bare`, re-rendering through `render_without(skip_ids)`."""

    def __init__(self, full, bare, render_without, boxes, candidates, keep):
        self.full = full
        self.bare = bare
        self.render_without = render_without
        self.boxes = boxes
        self.candidates = frozenset(candidates)
        self.keep = frozenset(keep)  # never left out (the figure's own patch)
        self.height, self.width = full.shape[:2]
        self._local = {}

    def _nearby(self, artists, window):
        """Ids far from `window` (the series' axes and the series itself, padded): leaving them
        out of every render of this series keeps each render to one panel's worth of drawing.
        Checked: when the render without them differs from the full one inside the window
        (something drawn far from its box, e.g. an offset path effect), nothing is left out."""
        import numpy as np

        ax = getattr(artists[0], "axes", None)
        box = self.boxes.get(id(ax)) if ax is not None else None
        x0, y0, x1, y1 = window
        if box is not None:
            x0, y0, x1, y1 = min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3])
        x0, y0, x1, y1 = x0 - 4, y0 - 4, x1 + 4, y1 + 4
        far = frozenset(k for k, b in self.boxes.items() if k not in self.keep and (b[2] < x0 or b[0] > x1 or b[3] < y0 or b[1] > y1))
        if far not in self._local:
            render = self.render_without(far) if far else self.full
            where = self._slices(window)
            moved = render is None or (where is not None and np.abs(render[where] - self.full[where]).max() > SERIES_RULES["diff"])
            self._local[far] = frozenset() if moved else far
        return self._local[far]

    def _slices(self, box, pad=2):
        x0, y0, x1, y1 = box
        c0, c1 = max(0, int(math.floor(x0)) - pad), min(self.width, int(math.ceil(x1)) + 1 + pad)
        r0, r1 = max(0, int(math.floor(self.height - y1)) - pad), min(self.height, int(math.ceil(self.height - y0)) + 1 + pad)
        if c1 <= c0 or r1 <= r0:
            return None
        return slice(r0, r1), slice(c0, c1)

    def measure(self, artists, declared_rgba, areas=None):
        """{'coverage', 'parts': [coverage per artist], 'color': '#rrggbb' | 'none', 'agrees':
        bool | None} of the artists drawn as one series, or None when they have no recorded box.

        With `areas` (the display-pixel area each artist's geometry covers, for patches) an
        artist's coverage is its own visible pixels over that area, so a patch that erases itself
        (a white stroke in its own path effects) is not seen; otherwise it is own ∩ alone over
        alone. The colour is measured on the first artist that is seen."""
        import numpy as np

        keys = [id(a) for a in artists if id(a) in self.boxes]
        if not keys:
            return None
        own_boxes = [self.boxes[k] for k in keys]
        box = (min(b[0] for b in own_boxes), min(b[1] for b in own_boxes), max(b[2] for b in own_boxes), max(b[3] for b in own_boxes))
        where = self._slices(box)
        far = self._nearby(artists, box)
        without = self.render_without(far | set(keys))
        alone = None if areas is not None else self.render_without((self.candidates - set(keys)) | far)
        unseen = {"coverage": 0.0, "parts": [0.0] * len(artists), "color": "none", "agrees": None}
        if where is None or without is None or (areas is None and alone is None):
            return unseen
        rs, cs = where
        full, under = self.full[rs, cs], without[rs, cs]
        own = np.abs(full - under).max(axis=2) > SERIES_RULES["diff"]
        if areas is None:
            # what it paints alone, plus its own pixels (white marks on a white background paint
            # nothing alone yet are seen over the marks under them)
            paints = (np.abs(alone[rs, cs] - self.bare[rs, cs]).max(axis=2) > SERIES_RULES["diff"]) | own
            seen = own
        else:
            seen = own

        def window(a):
            b = self.boxes.get(id(a))
            sub = None if b is None else self._slices(b, pad=1)
            if sub is None:
                return None
            pr = slice(max(sub[0].start, rs.start) - rs.start, min(sub[0].stop, rs.stop) - rs.start)
            pc = slice(max(sub[1].start, cs.start) - cs.start, min(sub[1].stop, cs.stop) - cs.start)
            return (pr, pc) if pr.stop > pr.start and pc.stop > pc.start else None

        parts, got, want = [], 0.0, 0.0
        for i, a in enumerate(artists):
            w = window(a)
            if w is None:
                parts.append(0.0)
                continue
            if areas is None:
                n, total = float(seen[w].sum()), float(paints[w].sum())
            else:
                n, total = float(seen[w].sum()), float(areas[i] or 0.0)
            got, want = got + min(n, total), want + total
            parts.append(0.0 if total <= 0 else min(1.0, n / total))
        coverage = 0.0 if want <= 0 else got / want
        first = next((i for i, c in enumerate(parts) if c >= SERIES_RULES["min_coverage"]), None)
        if first is None:
            return {**unseen, "coverage": coverage, "parts": parts}
        w = window(artists[first])
        mask = np.zeros_like(own)
        mask[w] = own[w]
        # The drawn colour: the median of the own pixels that changed most (the core of a line,
        # the inside of a bar), against the median background under them.
        strength = np.linalg.norm(full[mask] - under[mask], axis=1)
        core = strength >= np.median(strength)
        drawn = np.median(full[mask][core], axis=0)
        background = np.median(under[mask][core], axis=0)
        hexed = "#%02x%02x%02x" % tuple(int(round(min(255.0, max(0.0, float(v))))) for v in drawn)
        agrees = None  # nothing declared to compare (a mapped or multi-coloured series)
        if declared_rgba is not None and declared_rgba[3] > 0:
            r, g, b, a = declared_rgba
            expected = [a * 255.0 * c + (1.0 - a) * float(bg) for c, bg in zip((r, g, b), background)]
            agrees = delta_e(drawn, expected) <= SERIES_RULES["max_delta_e"] or \
                consistent_share(full[mask], under[mask], self.bare[rs, cs][mask], (r, g, b, a)) >= SERIES_RULES["min_consistent"]
        return {"coverage": coverage, "parts": parts, "color": hexed, "agrees": agrees}
