# FigBoard baseline "reference code + target data": task llms-twiny's reference.py with its data file swapped.
"""Training and validation loss against epochs on a 5 x 3 inch panel, the validation curve dash-dotted, legend, and a second x axis on top for the examples seen (Raschka, Build a Large Language Model From Scratch, ch. 6 plot_values).

Adapted for FigBoard from rasbt/LLMs-from-scratch, ch06/01_main-chapter-code/gpt_class_finetune.py
(commit 28c65cdfbc3338e2e040016eea4b7fdf556e4d57; Copyright (c) Sebastian Raschka; Apache
License 2.0, see ../LICENSE-APACHE-2.0-LLMs-from-scratch.txt). Book: S. Raschka, Build a Large Language Model
(From Scratch), Manning 2024 (ISBN 978-1633437166); the function draws the book's fine-tuning
loss and accuracy figures.
Changes: reads curve, epoch and value from a CSV file instead of the training loop's lists (the
first curve is plot_values' training curve, the second its dash-dotted validation curve; further
curves keep the default cycle, solid); the examples seen are the epoch times 1000 (the book's
loop counts examples per epoch; the CSV has no such column); the y label is the CSV's third
header, capitalised as the function does with its label argument; the legend labels are the
curve names; saves output.png instead of "{label}-plot.pdf".
"""
import csv

import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

DATA = 'data.csv'
EXAMPLES_PER_EPOCH = 1000

with open(DATA, newline='') as f:
    head, *rows = list(csv.reader(f))
curves = list(dict.fromkeys(r[0] for r in rows))
data = {c: sorted((float(r[1]), float(r[2])) for r in rows if r[0] == c) for c in curves}
label = head[2]


def plot_values(data, label="loss"):
    fig, ax1 = plt.subplots(figsize=(5, 3))

    # Plot training and validation loss against epochs
    for i, (name, pts) in enumerate(data.items()):
        epochs_seen = [p[0] for p in pts]
        ax1.plot(epochs_seen, [p[1] for p in pts], linestyle="-." if i == 1 else "-", label=name)
    ax1.set_xlabel("Epochs")
    ax1.set_ylabel(label[:1].upper() + label[1:])
    ax1.legend()

    # Create a second x-axis for tokens seen
    first = next(iter(data.values()))
    ax2 = ax1.twiny()  # Create a second x-axis that shares the same y-axis
    ax2.plot([p[0] * EXAMPLES_PER_EPOCH for p in first], [p[1] for p in first], alpha=0)  # Invisible plot for aligning ticks
    ax2.set_xlabel("Examples seen")

    fig.tight_layout()  # Adjust layout to make room
    plt.savefig("output.png", dpi=100)


plot_values(data, label)
