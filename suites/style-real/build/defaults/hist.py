groups = uniq(r[0] for r in rows)
fig, ax = plt.subplots()
for g in groups:
    ax.hist([float(r[1]) for r in rows if r[0] == g], bins=25, label=g)
ax.set_xlabel(head[1])
legend_if_many(ax, len(groups))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
