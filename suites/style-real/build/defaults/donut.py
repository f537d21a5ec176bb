groups = uniq(r[0] for r in rows)
parts = [[float(r[2]) for r in rows if r[0] == g] for g in groups]
fig, ax = plt.subplots()
ax.pie([sum(p) for p in parts], radius=1, labels=groups)
ax.pie([v for p in parts for v in p], radius=0.6)
ax.set_title(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
