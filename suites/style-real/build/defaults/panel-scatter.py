COLS = 2
panels = uniq(r[0] for r in rows)
nrows = -(-len(panels) // COLS)
fig, axs = plt.subplots(nrows, COLS, squeeze=False)
for ax, p in zip(axs.flat, panels):
    d = np.array([(float(r[1]), float(r[2])) for r in rows if r[0] == p])
    ax.plot(d[:, 0], d[:, 1], 'o')
    ax.set_title(p)
    ax.set_xlabel(head[1])
    ax.set_ylabel(head[2])
fig.tight_layout()
fig.savefig('output.png', dpi=100)
