"""FigBoard scripted style agent "plain": a floor for the style track, not a method.

Run by `refig run` in a style task folder (its working directory, also the output folder):

    python3 baselines/style-plain/agent.py {out}

It reads only what a style agent gets: reference.png (its size and its background colour, the
pixel in the top-left corner) and data.csv (the column layout). It writes figure.py, a
self-contained matplotlib script that reads data.csv from ITS working directory and draws the
data in matplotlib's default style on the reference's canvas size and background, then runs that
script in the folder to draw output.png. Deterministic: the same inputs give the same figure.py.
"""

import os
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.image as mpimg  # noqa: E402

DPI = 100

FIGURE = '''"""FigBoard baseline "plain": data.csv in matplotlib's default style on the reference's canvas."""
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

WIDTH, HEIGHT, DPI = {width!r}, {height!r}, {dpi!r}
BACKGROUND = {background!r}


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


with open("data.csv", newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
header, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]
numeric = [i for i in range(len(header)) if body and all(number(r[i]) is not None for r in body)]
labels = [i for i in range(len(header)) if i not in numeric]

fig, ax = plt.subplots(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
fig.patch.set_facecolor(BACKGROUND)
value = numeric[-1] if numeric else None
group = labels[0] if labels else None
groups = {{}}
for r in body:
    groups.setdefault(r[group] if group is not None else header[value], []).append(r)
if value is None:
    ax.text(0.5, 0.5, "no numeric column", ha="center", va="center")
elif len(numeric) >= 2:
    # an x column and a y column: one line per group
    x = numeric[0]
    for name, members in groups.items():
        members = sorted(members, key=lambda r: number(r[x]))
        ax.plot([number(r[x]) for r in members], [number(r[value]) for r in members],
                marker="o", label=name)
    ax.set_xlabel(header[x])
    ax.set_ylabel(header[value])
else:
    # one value column: the mean per group as bars
    names = list(groups)
    means = [sum(number(r[value]) for r in groups[n]) / len(groups[n]) for n in names]
    ax.bar(range(len(names)), means, tick_label=names)
    ax.set_ylabel(header[value])
    if group is not None:
        ax.set_xlabel(header[group])
if len(groups) > 1 and len(numeric) >= 2:
    ax.legend()
fig.tight_layout()
fig.savefig("output.png", dpi=DPI, facecolor=fig.get_facecolor())
'''


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: agent.py TASK_FOLDER  (the folder holding reference.png and data.csv)")
    folder = sys.argv[1]
    image = mpimg.imread(os.path.join(folder, "reference.png"))
    height, width = image.shape[0], image.shape[1]
    corner = image[0, 0]
    scale = 1 if image.dtype.kind == "f" else 255
    background = "#%02x%02x%02x" % tuple(round(float(c) / scale * 255) for c in corner[:3])
    script = FIGURE.format(width=int(width), height=int(height), dpi=DPI, background=background)
    with open(os.path.join(folder, "figure.py"), "w", encoding="utf-8") as f:
        f.write(script)
    # the script reads data.csv from its working directory, as the evaluator's sandbox runs it
    subprocess.run([sys.executable, "figure.py"], cwd=folder, check=True)


if __name__ == "__main__":
    main()
