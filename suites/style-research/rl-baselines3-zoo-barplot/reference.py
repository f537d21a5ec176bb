"""Final scores per environment and method: seaborn bar plot on a white grid (rl-baselines3-zoo, plot_from_file).

Adapted for FigBoard from DLR-RM/rl-baselines3-zoo, rl_zoo3/plots/plot_from_file.py
(commit 22e3ff2450fd92033f7f032915e1f64894a09584; Copyright (c) 2019 Antonin RAFFIN; MIT
License, see ../LICENSE-MIT-rl-baselines3-zoo.txt). Paper: Raffin et al., "Stable-Baselines3:
Reliable Reinforcement Learning Implementations", JMLR 22(268), 2021; the script draws the zoo's
benchmark figures (e.g. the PyBullet results of Raffin et al., "Smooth Exploration for Robotic
Reinforcement Learning", CoRL 2021, arXiv:2005.05719).
Changes: reads environment, method, mean score and the 95% interval half-width from a CSV file
instead of the pickled results (seaborn.barplot bootstraps that interval from the runs; here it
is given); seaborn is not installed in the sandbox, so seaborn.set(style="whitegrid") is written
out as rcParams and seaborn.barplot(x="Environment", y="Score", hue="Method") is inlined as
seaborn 0.13 draws it (desaturated 0.75 'deep' colours, dodged bars of width 0.8, '.26' error
lines 2.7 pt wide without caps, no x grid, hue legend titled Method); saves output.png.
"""
import colorsys
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np

DATA = 'reference_data.csv'
# seaborn.set(style="whitegrid") (seaborn 0.13 rcmod: the "whitegrid" axes style, the "notebook"
# context at font_scale 1 and the "deep" palette), written out as rcParams
DEEP = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3', '#937860', '#DA8BC3', '#8C8C8C',
        '#CCB974', '#64B5CD']
plt.rcParams.update({
    'figure.facecolor': 'white', 'axes.facecolor': 'white', 'axes.edgecolor': '.8',
    'axes.grid': True, 'axes.axisbelow': True, 'axes.labelcolor': '.15', 'grid.color': '.8',
    'grid.linestyle': '-', 'text.color': '.15', 'xtick.color': '.15', 'ytick.color': '.15',
    'xtick.direction': 'out', 'ytick.direction': 'out', 'lines.solid_capstyle': 'round',
    'patch.edgecolor': 'w', 'patch.force_edgecolor': True, 'image.cmap': 'viridis',
    'font.family': ['sans-serif'],
    'font.sans-serif': ['Arial', 'DejaVu Sans', 'Liberation Sans', 'Bitstream Vera Sans', 'sans-serif'],
    'xtick.bottom': False, 'xtick.top': False, 'ytick.left': False, 'ytick.right': False,
    'axes.spines.left': True, 'axes.spines.bottom': True, 'axes.spines.right': True,
    'axes.spines.top': True,
    'font.size': 12, 'axes.labelsize': 12, 'axes.titlesize': 12, 'xtick.labelsize': 11,
    'ytick.labelsize': 11, 'legend.fontsize': 11, 'legend.title_fontsize': 12,
    'axes.linewidth': 1.25, 'grid.linewidth': 1, 'lines.linewidth': 1.5, 'lines.markersize': 6,
    'patch.linewidth': 1, 'xtick.major.width': 1.25, 'ytick.major.width': 1.25,
    'xtick.minor.width': 1, 'ytick.minor.width': 1, 'xtick.major.size': 6, 'ytick.major.size': 6,
    'xtick.minor.size': 4, 'ytick.minor.size': 4,
    'axes.prop_cycle': plt.cycler(color=DEEP),
})


def desaturate(color, prop=0.75):
    h, l, s = colorsys.rgb_to_hls(*mcolors.to_rgb(color))
    return colorsys.hls_to_rgb(h, l, s * prop)


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
envs = list(dict.fromkeys(r[0] for r in rows))
keys = list(dict.fromkeys(r[1] for r in rows))
est = {(r[0], r[1]): (float(r[2]), float(r[3])) for r in rows}
fontsize = 14
plt.figure('Sensitivity plot', figsize=[6.4, 4.8])
plt.title('PyBullet envs', fontsize=fontsize)
plt.xticks(fontsize=13)
plt.xlabel(head[0], fontsize=fontsize)
plt.ylabel(head[2], fontsize=fontsize)
ax = plt.gca()
# ax = seaborn.barplot(x="Environment", y="Score", hue="Method", data=data_frame)
n = len(keys)
width = 0.8 / n
x = np.arange(len(envs))
for j, key in enumerate(keys):
    pos = x - 0.4 + width * (j + 0.5)
    mean = [est.get((e, key), (0.0, 0.0))[0] for e in envs]
    half = [est.get((e, key), (0.0, 0.0))[1] for e in envs]
    ax.bar(pos, mean, width, color=desaturate(DEEP[j % len(DEEP)]), align='center', label=key)
    for p, m, h in zip(pos, mean, half):
        ax.plot([p, p], [m - h, m + h], color='.26', linewidth=2.7, solid_capstyle='butt')
ax.set_xticks(x, envs)
ax.xaxis.grid(False)
ax.set_xlim(-0.5, len(envs) - 0.5)
ax.legend(title=head[1])
plt.tight_layout()
plt.savefig('output.png', dpi=100)
