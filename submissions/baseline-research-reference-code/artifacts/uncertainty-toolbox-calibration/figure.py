# FigBoard baseline "reference code + target data": task uncertainty-toolbox-calibration's reference.py with its data file swapped.
"""Average calibration: observed against predicted interval proportions, dashed orange ideal diagonal, 0.2-alpha miscalibration area, square unit panel with the area value, uncertainty-toolbox style (plot_calibration).

Adapted for FigBoard from uncertainty-toolbox/uncertainty-toolbox, uncertainty_toolbox/viz.py
(plot_calibration), uncertainty_toolbox/metrics_calibration.py and uncertainty_toolbox/utils.py
(miscalibration_area_from_proportions, trapezoid_area, intersection) and the style file
uncertainty_toolbox/matplotlibrc (commit 6ea1fed6591923a95d49d8049a197e33d4d8092d;
Copyright (c) 2020 uncertainty-toolbox; MIT License, see ../LICENSE-MIT-uncertainty-toolbox.txt).
Paper: Chung et al., "Uncertainty Toolbox: an Open-Source Library for Assessing, Visualizing, and
Improving Uncertainty Quantification", arXiv:2109.10254 (2021); the README figures.
Changes: reads the predictor's expected and observed proportions from a CSV file (the
function's exp_props/obs_props arguments; one predictor per file, the first series is drawn,
its name is the curve label); the helpers it calls copied; the style file written out as
rcParams with text.usetex off (no LaTeX in the sandbox; Times falls back to the serif font) and
figure.dpi left at 100 like every reference here; saved as save_figure does (tight bounding
box, white face) to output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
# uct.viz.set_style(): uncertainty_toolbox/matplotlibrc written out as rcParams
plt.rcParams.update({
    'font.family': ['Times', 'serif'], 'font.size': 12.0, 'text.usetex': False,
    'lines.linewidth': 2, 'lines.antialiased': True, 'axes.facecolor': '#fafafa',
    'axes.edgecolor': '#777777', 'axes.linewidth': 1, 'axes.titlesize': 'medium',
    'axes.labelsize': 'medium', 'axes.axisbelow': True,
    'xtick.major.size': 0, 'xtick.minor.size': 0, 'xtick.major.pad': 6, 'xtick.minor.pad': 6,
    'xtick.color': '#333333', 'xtick.labelsize': 'medium', 'xtick.direction': 'in',
    'ytick.major.size': 0, 'ytick.minor.size': 0, 'ytick.major.pad': 6, 'ytick.minor.pad': 6,
    'ytick.color': '#333333', 'ytick.labelsize': 'medium', 'ytick.direction': 'in',
    'axes.grid': True, 'grid.alpha': 0.3, 'grid.linewidth': 1,
    'legend.fancybox': True, 'legend.fontsize': 'small', 'legend.facecolor': '#fdfdfd',
    'figure.figsize': (4.0, 4.0), 'figure.facecolor': '1.0', 'figure.edgecolor': '0.5',
    'hatch.linewidth': 0.1,
})



def intersection(p1, p2, p3, p4):
    """Intersection of the lines p1-p2 and p3-p4 (arrays of points at once)."""
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    x4, y4 = p4

    D = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)

    x = ((x1 * y2 - y1 * x2) * (x3 - x4) - (x1 - x2) * (x3 * y4 - y3 * x4)) / D
    y = ((x1 * y2 - y1 * x2) * (y3 - y4) - (y1 - y2) * (x3 * y4 - y3 * x4)) / D

    return x, y


def trapezoid_area(xl, al, bl, xr, ar, br, absolute=True):
    """Area of the vertical-sided trapezoid (xl, al) - (xl, bl) - (xr, br) - (xr, ar)."""
    dl = bl - al
    dr = br - ar

    cross = dl * dr < 0
    cross = cross * (1 - ((dl == 0) * (dr == 0)))

    area_trapezoid = (xr - xl) * 0.5 * ((bl - al) + (br - ar))
    if absolute:
        area_trapezoid = np.abs(area_trapezoid)

    with np.errstate(divide="ignore", invalid="ignore"):
        x_intersect = intersection((xl, bl), (xr, br), (xl, al), (xr, ar))[0]
    tl_area = 0.5 * (bl - al) * (x_intersect - xl)
    tr_area = 0.5 * (br - ar) * (xr - x_intersect)
    if absolute:
        area_hourglass = np.abs(tl_area) + np.abs(tr_area)
    else:
        area_hourglass = tl_area + tr_area

    return (1 - cross) * area_trapezoid + cross * np.nan_to_num(area_hourglass)


def miscalibration_area_from_proportions(exp_proportions, obs_proportions):
    """Miscalibration area from expected and observed proportions lists."""
    areas = trapezoid_area(
        exp_proportions[:-1],
        exp_proportions[:-1],
        obs_proportions[:-1],
        exp_proportions[1:],
        exp_proportions[1:],
        obs_proportions[1:],
        absolute=True,
    )
    return areas.sum()


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
first = rows[0][0]
d = np.array(sorted((float(r[1]), float(r[2])) for r in rows if r[0] == first))
exp_proportions = d[:, 0].flatten()
obs_proportions = d[:, 1].flatten()
curve_label = first

fig, ax = plt.subplots(figsize=(5, 5))

# Plot
ax.plot([0, 1], [0, 1], "--", label="Ideal", c="#ff7f0e")
ax.plot(exp_proportions, obs_proportions, label=curve_label, c="#1f77b4")
ax.fill_between(exp_proportions, exp_proportions, obs_proportions, alpha=0.2)

# Format plot
ax.set_xlabel("Predicted Proportion in Interval")
ax.set_ylabel("Observed Proportion in Interval")
ax.axis("square")

buff = 0.01
ax.set_xlim([0 - buff, 1 + buff])
ax.set_ylim([0 - buff, 1 + buff])

ax.set_title("Average Calibration")

# Compute miscalibration area
miscalibration_area = miscalibration_area_from_proportions(
    exp_proportions=exp_proportions, obs_proportions=obs_proportions
)

# Annotate plot with the miscalibration area
ax.text(
    x=0.95,
    y=0.05,
    s="Miscalibration area = %.2f" % miscalibration_area,
    verticalalignment="bottom",
    horizontalalignment="right",
    fontsize="small",
)
plt.savefig('output.png', dpi=100, bbox_inches="tight", facecolor="w", edgecolor="w")
