"""Learning curves per method: 3 pt mean lines with half-alpha standard-error bands on a white grid (rl-baselines3-zoo, plot_from_file).

Adapted for FigBoard from DLR-RM/rl-baselines3-zoo, rl_zoo3/plots/plot_from_file.py
(commit 22e3ff2450fd92033f7f032915e1f64894a09584; Copyright (c) 2019 Antonin RAFFIN; MIT
License, see ../LICENSE-MIT-rl-baselines3-zoo.txt). Paper: Raffin et al., "Stable-Baselines3:
Reliable Reinforcement Learning Implementations", JMLR 22(268), 2021; the script draws the zoo's
benchmark figures (e.g. the PyBullet results of Raffin et al., "Smooth Exploration for Robotic
Reinforcement Learning", CoRL 2021, arXiv:2005.05719).
Changes: reads method, timesteps, mean score and standard error from a CSV file instead of
the pickled results (one environment); seaborn is not installed in the sandbox, so
seaborn.set(style="whitegrid") is written out as rcParams; saves output.png.
"""
import csv

import matplotlib
matplotlib.use('Agg')
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

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
keys = list(dict.fromkeys(r[0] for r in rows))
fontsize = 14
env = 'HalfCheetahBulletEnv-v0'
plt.figure(f"Results {env}")
title = f"{env}"
plt.title(title, fontsize=fontsize)
x_label_suffix = "(1e6)"
plt.xlabel(f"Timesteps {x_label_suffix}", fontsize=fontsize)
plt.ylabel(head[2], fontsize=fontsize)
for key in keys:
    # x axis in Millions of timesteps
    divider = 1e6
    d = np.array(sorted((float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == key))
    timesteps, mean_, std_error = d[:, 0], d[:, 1], d[:, 2]
    plt.xticks(fontsize=13)
    plt.plot(timesteps / divider, mean_, label=key, linewidth=3)
    plt.fill_between(timesteps / divider, mean_ + std_error, mean_ - std_error, alpha=0.5)
plt.legend(fontsize=fontsize)
plt.tight_layout()
plt.savefig('output.png', dpi=100)
