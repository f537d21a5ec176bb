cats = uniq(r[0] for r in rows)
series = uniq(r[1] for r in rows)
v = {(r[0], r[1]): float(r[2]) for r in rows}
fig, ax = plt.subplots()
left = np.zeros(len(cats))
for s in series:
    w = np.array([v.get((c, s), 0.0) for c in cats])
    ax.barh(cats, w, left=left, label=s)
    left += w
ax.set_xlabel(head[2])
ax.set_ylabel(head[0])
legend_if_many(ax, len(series))
fig.tight_layout()
fig.savefig('output.png', dpi=100)
