"""Benchmark curves the nevergrad way: log-log loss against budget, one style per optimizer from the cycling line/marker/colour generator ('-ob', '--vg', ':^r', ...), faint (alpha 0.1) confidence lines, grid on major and minor ticks, one frameless legend per curve placed at its end outside the axes without overlaps (nevergrad, XpPlotter).

Adapted for FigBoard from facebookresearch/nevergrad, nevergrad/benchmark/plotting.py
(commit 617a3b0bcd9b7faa89f68ed6f17b59bec58f2360; Copyright (c) Meta Platforms, Inc. and
affiliates (Facebook, Inc.); MIT License, see ../LICENSE-MIT-nevergrad.txt). Paper: Rapin &
Teytaud, Nevergrad - A gradient-free optimization platform (2018), and the benchmark figures of
e.g. Meunier et al., Black-Box Optimization Revisited, IEEE TEVC 2022 (arXiv:2004.14014).
Changes: reads optimizer, budget, loss and the confidence half-width (loss_std / sqrt(n - 1) in
_get_confidence_arrays) from a CSV file instead of XpPlotter.make_data's benchmark frame; the
state-of-the-art crosses, the MuJoCo thresholds, the pure-algorithm filter and the ranking text
file are dropped (no such data); the log-y test and the limits are XpPlotter.__init__'s; the title
is the CSV's loss header with XpPlotter's "(N algos)" suffix; the x label is the CSV's header;
_make_style_generator, NameStyle, LegendGroup, compute_best_placements, split_long_title and
add_legends are copied (the legends are placed in order of position, which compute_best_placements
asserts and the benchmark order gave); saves output.png at 100 dpi instead of XpPlotter.save's 250 (same
bbox_extra_artists and tight bounding box; the project's harness renders again with savefig's
bbox_inches but not bbox_extra_artists, so each legend is also marked clip_on=False, which puts it
in the default tight bounding box; it draws the same).
"""
import csv
import itertools

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.legend import Legend

DATA = 'reference_data.csv'


def _make_style_generator():
    lines = itertools.cycle(["-", "--", ":", "-."])  # 4
    markers = itertools.cycle("ov^<>8sp*hHDd")  # 13
    colors = itertools.cycle("bgrcmyk")  # 7
    return (l + m + c for l, m, c in zip(lines, markers, colors))


class NameStyle(dict):
    """Provides a style for each name, and keeps to it"""

    def __init__(self):
        super().__init__()
        self._gen = _make_style_generator()

    def __getitem__(self, name):
        if name not in self:
            super().__setitem__(name, next(self._gen))
        return super().__getitem__(name)


class LegendGroup:
    def __init__(self, indices, init_positions, min_diff):
        self.indices = indices
        self.init_positions = init_positions
        self.min_diff = min_diff
        self.position = float(np.mean(init_positions))

    def combine_with(self, other):
        return LegendGroup(self.indices + other.indices, self.init_positions + other.init_positions, self.min_diff)

    def get_positions(self):
        first_position = self.bounds[0] + self.min_diff / 2.0
        return [first_position + k * self.min_diff for k in range(len(self.indices))]

    @property
    def bounds(self):
        half_span = len(self.indices) * self.min_diff / 2.0
        return (self.position - half_span, self.position + half_span)


def compute_best_placements(positions, min_diff):
    groups = [LegendGroup([k], [pos], min_diff) for k, pos in enumerate(positions)]
    new_groups = []
    ready = False
    while not ready:
        ready = True
        for k in range(len(groups)):
            if k < len(groups) - 1 and groups[k + 1].bounds[0] < groups[k].bounds[1]:
                new_groups.append(groups[k].combine_with(groups[k + 1]))
                new_groups.extend(groups[k + 2:])
                groups = new_groups
                new_groups = []
                ready = False
                break
            new_groups.append(groups[k])
    new_positions = np.array(positions, copy=True)
    for group in groups:
        new_positions[group.indices] = group.get_positions()
    return new_positions.tolist()


def split_long_title(title):
    """Splits a long title around the middle comma"""
    if len(title) <= 60:
        return title
    comma_indices = np.where(np.array(list(title)) == ",")[0]
    if not comma_indices.size:
        return title
    best_index = comma_indices[np.argmin(abs(comma_indices - len(title) // 2))]
    return title[: (best_index + 1)] + "\n" + title[(best_index + 1):]


def _get_confidence_arrays(vals, log=False):
    loss = vals["loss"]
    conf = vals["conf"]
    if not log:
        return loss - conf, loss + conf
    lloss = np.log10(loss)
    lstd = 0.434 * conf / loss
    return tuple(10 ** (lloss + x) for x in [-lstd, lstd])


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
xaxis = head[1]
optim_vals = {}
for name in dict.fromkeys(r[0] for r in rows):
    pts = np.array(sorted((float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == name))
    optim_vals[name] = {xaxis: pts[:, 0], "loss": pts[:, 1], "conf": pts[:, 2]}
title = head[2]

# XpPlotter.__init__
name_style = NameStyle()
upperbound = max(np.max(vals["loss"]) for vals in optim_vals.values() if np.max(vals["loss"]) < np.inf)
lowerbound = np.inf
sorted_optimizers = sorted(optim_vals, key=lambda x: optim_vals[x]["loss"][-1], reverse=True)
fig = plt.figure()
ax = fig.add_subplot(111)
logplot = not any(x <= 0 or x > 10**8 for ov in optim_vals.values() for x in ov["loss"])
if logplot:
    ax.set_yscale("log")
    for ov in optim_vals.values():
        if ov["loss"].size:
            ov["loss"] = np.maximum(1e-30, ov["loss"])
ax.autoscale(enable=False)
ax.set_xscale("log")
ax.set_xlabel(xaxis)
ax.set_ylabel("loss")
ax.grid(True, which="both")
overlays = []
legend_infos = []
title_addendum = f"({len(sorted_optimizers)} algos)"
for optim_name in sorted_optimizers:
    vals = optim_vals[optim_name]
    lowerbound = min(lowerbound, np.min(vals["loss"]))
    line = plt.plot(vals[xaxis], vals["loss"], name_style[optim_name], label=optim_name)
    for conf in _get_confidence_arrays(vals, log=logplot):
        plt.plot(vals[xaxis], conf, name_style[optim_name], label=optim_name, alpha=0.1)
    text = "{} ({:.3g} <{:.3g}>)".format(
        optim_name,
        vals["loss"][-1],
        vals["loss"][-2] if len(vals["loss"]) > 1 else float("nan"),
    )
    if vals[xaxis].size:
        legend_infos.append((vals[xaxis][-1], vals["loss"][-1], line, text))
if not (np.isnan(upperbound) or np.isinf(upperbound)):
    upperbound_up = upperbound
    if not (np.isnan(lowerbound) or np.isinf(lowerbound)):
        ax.set_ylim(bottom=lowerbound)
        upperbound_up += 0.02 * (upperbound - lowerbound)
        if logplot:
            upperbound_up = 10 ** (np.log10(upperbound) + 0.02 * (np.log10(upperbound) - np.log10(lowerbound)))
    ax.set_ylim(top=upperbound_up)
all_x = [float(v) for vals in optim_vals.values() for v in vals[xaxis]]
ax.set_xlim([min(all_x), max(all_x)])

# add_legends
trans = ax.transScale + ax.transLimits
fontsize = 10.0
display_y = (ax.transAxes.transform((1, 1)) - ax.transAxes.transform((0, 0)))[1]  # height in points
shift = (2.0 + fontsize) / display_y
legend_infos = legend_infos[::-1]  # revert order for use in compute_best_placements
values = [float(np.clip(trans.transform((0, i[1]))[1], -0.01, 1.01)) for i in legend_infos]
order = np.argsort(values, kind="stable")
placements = compute_best_placements([values[k] for k in order], min_diff=shift)
for placement, k in zip(placements, order):
    info = legend_infos[k]
    overlays.append(
        Legend(ax, info[2], [info[3]], loc="center left", bbox_to_anchor=(1, placement), frameon=False, fontsize=fontsize)
    )
    ax.add_artist(overlays[-1])
    overlays[-1].set_clip_on(False)  # in the default tight bounding box (see the docstring)

ax.set_title(split_long_title(title + title_addendum))
ax.tick_params(axis="both", which="both")
fig.savefig('output.png', bbox_extra_artists=overlays, bbox_inches="tight", dpi=100)
