labels = uniq(r[0] for r in rows)
data = [[float(r[1]) for r in rows if r[0] == g] for g in labels]
fig, ax = plt.subplots()
parts = ax.boxplot(data, labels=labels, patch_artist=bool(PALETTE))
if PALETTE:
    for i, box in enumerate(parts['boxes']):
        box.set_facecolor(COLORS[i % len(COLORS)])
ax.set_xlabel(head[0])
ax.set_ylabel(head[1])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
