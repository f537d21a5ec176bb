"""Writes the reference data of every style-real base (build/data/<base>.csv).

The values are the Matplotlib gallery examples' own: literal tables where the example embeds them,
the example's seeded NumPy draws (seed 19680801, the gallery's) where it generates them, and a
seeded stand-in where the example downloads a sample data set (stock_prices reads Stocks.csv via
cbook.get_sample_data; here: seeded random walks with the same tickers and years). Deterministic:
re-running writes the same bytes. Run from the repository root:
    /usr/bin/python3 suites/style-real/build/reference_data.py
"""
import csv
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')


def write(name, header, rows):
    with open(os.path.join(OUT, name + '.csv'), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(header)
        for r in rows:
            w.writerow([fmt(v) for v in r])


def fmt(v):
    if isinstance(v, (float, np.floating)):
        return f'{float(v):.6g}'
    return str(v)


def survey():
    answers = ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree']
    results = {
        'Question 1': [10, 15, 17, 32, 26], 'Question 2': [26, 22, 29, 10, 13],
        'Question 3': [35, 37, 7, 2, 19], 'Question 4': [32, 11, 9, 15, 33],
        'Question 5': [21, 29, 5, 5, 40], 'Question 6': [8, 19, 5, 30, 38],
    }
    write('survey', ['Question', 'Answer', 'Respondents'],
          [(q, a, v) for q, vs in results.items() for a, v in zip(answers, vs)])


def percentile():
    tests = [('Pacer Test', 37), ('Flexed Arm Hang', 95), ('Mile Run', 73), ('Agility', 60), ('Push Ups', 16)]
    write('percentile', ['Fitness test', 'Percentile ranking'], tests)


def stocks():
    rng = np.random.RandomState(19680801)
    tickers = ['IBM', 'Apple', 'Microsoft', 'Xerox', 'Amazon', 'Dell', 'Alphabet', 'Adobe', 'S&P 500', 'NASDAQ']
    start = [110, 0.4, 2.0, 55, 1.5, 0.6, 50, 3.0, 330, 450]
    drift = [0.01, 0.28, 0.22, -0.03, 0.30, 0.05, 0.20, 0.15, 0.07, 0.10]
    years = 1990 + np.arange(0, 33, 0.5)
    rows = []
    for name, s0, mu in zip(tickers, start, drift):
        steps = rng.normal(mu * 0.5, 0.18, len(years))
        steps[0] = 0
        price = s0 * np.exp(np.cumsum(steps))
        rows += [(name, y, p) for y, p in zip(years, price)]
    write('stocks', ['Company', 'Year', 'Share price (USD)'], rows)


def violin():
    np.random.seed(19680801)
    data = [sorted(np.random.normal(0, std, 100)) for std in range(1, 5)]
    write('violin', ['Sample name', 'Observed values'],
          [(g, v) for g, vs in zip('ABCD', data) for v in vs])


def boxcolor():
    np.random.seed(19680801)
    weights = [np.random.normal(130, 10, size=100), np.random.normal(125, 20, size=100),
               np.random.normal(120, 30, size=100)]
    write('boxcolor', ['Fruit', 'Fruit weight (g)'],
          [(g, v) for g, vs in zip(['peaches', 'oranges', 'tomatoes'], weights) for v in vs])


def harvest():
    vegetables = ['cucumber', 'tomato', 'lettuce', 'asparagus', 'potato', 'wheat', 'barley']
    farmers = ['Farmer Joe', 'Upland Bros.', 'Smith Gardening', 'Agrifun', 'Organiculture',
               'BioGoods Ltd.', 'Cornylee Corp.']
    harvest = np.array([[0.8, 2.4, 2.5, 3.9, 0.0, 4.0, 0.0], [2.4, 0.0, 4.0, 1.0, 2.7, 0.0, 0.0],
                        [1.1, 2.4, 0.8, 4.3, 1.9, 4.4, 0.0], [0.6, 0.0, 0.3, 0.0, 3.1, 0.0, 0.0],
                        [0.7, 1.7, 0.6, 2.6, 2.2, 6.2, 0.0], [1.3, 1.2, 0.0, 0.0, 0.0, 3.2, 5.1],
                        [0.1, 2.0, 0.0, 1.4, 0.0, 1.9, 6.3]])
    write('harvest', ['Vegetable', 'Farmer', 'Harvest (t/year)'],
          [(v, f, harvest[i, j]) for i, v in enumerate(vegetables) for j, f in enumerate(farmers)])


def beta():
    np.random.seed(19680801)
    params = [(10, 10), (4, 12), (50, 12), (6, 55)]
    write('beta', ['Distribution', 'Value'],
          [(f'Beta({a}, {b})', v) for a, b in params for v in np.random.beta(a, b, size=1500)])


def lines538():
    np.random.seed(19680801)
    x = np.linspace(0, 10)
    rows = []
    for k, shift in enumerate([0, 3, -3, 6, -6, 9]):
        y = np.sin(x) + x + shift + np.random.randn(50) if k % 2 == 0 else np.sin(x) + 0.5 * x + shift + np.random.randn(50)
        rows += [(f'Series {k + 1}', a, b) for a, b in zip(x, y)]
    write('lines538', ['Series', 'x', 'y'], rows)


def anscombe():
    x = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5]
    y1 = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68]
    y2 = [9.14, 8.14, 8.74, 8.77, 9.26, 8.10, 6.13, 3.10, 9.13, 7.26, 4.74]
    y3 = [7.46, 6.77, 12.74, 7.11, 7.81, 8.84, 6.08, 5.39, 8.15, 6.42, 5.73]
    x4 = [8, 8, 8, 8, 8, 8, 8, 19, 8, 8, 8]
    y4 = [6.58, 5.76, 7.71, 8.84, 8.47, 7.04, 5.25, 12.50, 5.56, 7.91, 6.89]
    rows = []
    for name, xs, ys in [('I', x, y1), ('II', x, y2), ('III', x, y3), ('IV', x4, y4)]:
        rows += [(name, a, b) for a, b in zip(xs, ys)]
    write('anscombe', ['Dataset', 'x', 'y'], rows)


def polar():
    np.random.seed(19680801)
    n = 20
    radii = 10 * np.random.rand(n)
    write('polar', ['Sector', 'Radius'], [(f'S{i + 1:02d}', r) for i, r in enumerate(radii)])


def nested():
    vals = [[60., 32.], [37., 40.], [29., 10.]]
    write('nested', ['Group', 'Part', 'Amount'],
          [(f'Group {g + 1}', f'Part {p + 1}', v) for g, row in enumerate(vals) for p, v in enumerate(row)])


def twoscales():
    t = np.arange(0.01, 10.0, 0.1)
    write('twoscales', ['time (s)', 'exp', 'sin'], [(a, np.exp(a / 3), np.sin(2 * np.pi * a / 5) + 2) for a in t])


def penguins():
    species = ('Adelie', 'Chinstrap', 'Gentoo')
    means = {'Bill Depth': (18.35, 18.43, 14.98), 'Bill Length': (38.79, 48.83, 47.50),
             'Flipper Length': (189.95, 195.82, 217.19)}
    write('penguins', ['Species', 'Attribute', 'Length (mm)'],
          [(s, a, v) for i, s in enumerate(species) for a, vs in means.items() for v in [vs[i]]])


def population():
    year = [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2018]
    pops = {'Africa': [.228, .284, .365, .477, .631, .814, 1.044, 1.275],
            'the Americas': [.340, .425, .519, .619, .727, .840, .943, 1.006],
            'Asia': [1.394, 1.686, 2.120, 2.625, 3.202, 3.714, 4.169, 4.560],
            'Europe': [.220, .253, .276, .295, .310, .303, .294, .293],
            'Oceania': [.012, .015, .019, .022, .026, .031, .036, .039]}
    write('population', ['Continent', 'Year', 'Number of people (billions)'],
          [(c, y, v) for c, vs in pops.items() for y, v in zip(year, vs)])


def walkers():
    np.random.seed(19680801)
    nsteps, nwalkers = 100, 250
    t = np.arange(nsteps)
    rows = []
    for name in ['Walker A', 'Walker B']:
        s = np.random.randn(nsteps, nwalkers)
        pos = s.cumsum(axis=0)
        mu, sigma = pos.mean(axis=1), pos.std(axis=1)
        rows += [(name, a, m, m - sd, m + sd) for a, m, sd in zip(t, mu, sigma)]
    write('walkers', ['Walker', 'Number of steps', 'Position', 'Lower', 'Upper'], rows)


def errorbars():
    np.random.seed(19680801)
    x = np.arange(0.1, 4, 0.5)
    rows = []
    for k, name in enumerate(['Run 1', 'Run 2', 'Run 3']):
        y = np.exp(-x) + 0.25 * k
        err = 0.1 + 0.2 * np.sqrt(x) * (0.5 + np.random.rand(len(x)) / 2)
        rows += [(name, a, b, e) for a, b, e in zip(x, y, err)]
    write('errorbars', ['Run', 'Time (h)', 'Signal (a.u.)', 'Error'], rows)


def scatter3():
    np.random.seed(19680801)
    rows = []
    for name in ['tab:blue', 'tab:orange', 'tab:green']:
        n = 150
        x, y = np.random.rand(2, n)
        scale = 200.0 * np.random.rand(n)
        rows += [(name, a, b, s) for a, b, s in zip(x, y, scale)]
    write('scatter3', ['Colour', 'x', 'y', 'Size'], rows)


def pie():
    write('pie', ['Animal', 'Share (%)'], [('Frogs', 15), ('Hogs', 30), ('Dogs', 45), ('Logs', 10)])


for f in [survey, percentile, stocks, violin, boxcolor, harvest, beta, lines538, anscombe, polar,
          nested, twoscales, penguins, population, walkers, errorbars, scatter3, pie]:
    f()
