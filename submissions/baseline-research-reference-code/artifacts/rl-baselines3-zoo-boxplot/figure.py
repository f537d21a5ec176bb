# FigBoard baseline "reference code + target data": task rl-baselines3-zoo-boxplot's reference.py with its data file swapped.
"""Score distribution per method: orange restyled box plot on a white grid (rl-baselines3-zoo, plot_from_file --boxplot).

Adapted for FigBoard from DLR-RM/rl-baselines3-zoo, rl_zoo3/plots/plot_from_file.py
(commit 22e3ff2450fd92033f7f032915e1f64894a09584; Copyright (c) 2019 Antonin RAFFIN; MIT
License, see ../LICENSE-MIT-rl-baselines3-zoo.txt). Paper: Raffin et al., "Stable-Baselines3:
Reliable Reinforcement Learning Implementations", JMLR 22(268), 2021; the script draws the zoo's
benchmark figures (e.g. the PyBullet results of Raffin et al., "Smooth Exploration for Robotic
Reinforcement Learning", CoRL 2021, arXiv:2005.05719).
Changes: reads method and score per evaluation from a CSV file instead of the pickled
results (one environment, so the labels are the method names, as the script does); seaborn is
not installed in the sandbox, so seaborn.set(style="whitegrid") is written out as rcParams and
seaborn.color_palette()[1] as its hex value; restyle_boxplot copied unchanged; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np

DATA = 'data.csv'
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


# From https://github.com/mwaskom/seaborn/blob/master/seaborn/categorical.py
def restyle_boxplot(artist_dict, color, gray="#222222", linewidth=1, fliersize=5):
    """Take a drawn matplotlib boxplot and make it look nice."""
    for box in artist_dict["boxes"]:
        box.update(dict(facecolor=color, zorder=0.9, edgecolor=gray, linewidth=linewidth))

    for whisk in artist_dict["whiskers"]:
        whisk.update(dict(color=gray, linewidth=linewidth, linestyle="-"))

    for cap in artist_dict["caps"]:
        cap.update(dict(color=gray, linewidth=linewidth))

    for med in artist_dict["medians"]:
        med.update(dict(color=gray, linewidth=linewidth))

    for fly in artist_dict["fliers"]:
        fly.update(dict(markerfacecolor=gray, marker="d", markeredgecolor=gray, markersize=fliersize))


with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
labels_ = list(dict.fromkeys(r[0] for r in rows))
data = [[float(r[1]) for r in rows if r[0] == k] for k in labels_]
fontsize = 14
plt.figure('Sensitivity box plot', figsize=[6.4, 4.8])
plt.title('Sensitivity box plot', fontsize=fontsize)
plt.xticks(fontsize=13)
plt.ylabel(head[1], fontsize=fontsize)
artist_dict = plt.boxplot(data, patch_artist=True)
# Make the boxplot looks nice
# see https://github.com/mwaskom/seaborn/blob/master/seaborn/categorical.py
color_palette = DEEP
# orange
boxplot_color = color_palette[1]
restyle_boxplot(artist_dict, color=boxplot_color)
plt.xticks(np.arange(1, len(data) + 1), labels_, rotation=0)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
