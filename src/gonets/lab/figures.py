"""Matplotlib figures of a report, each returned as PNG bytes (no pyplot, no global state)."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from gonets.lab.analysis import Estimate

WIDTH = 6.4
DPI = 90


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    return buffer.getvalue()


def _figure(height: float = 3.0):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(WIDTH, height))
    return fig, fig.subplots()


def interval_plot(estimates: Sequence[Estimate], title: str, xlabel: str,
                  reference: float | None = None, percent: bool = True) -> bytes:
    """Horizontal points with 95% interval bars, one line per estimate (a forest plot);
    ``reference`` draws a dashed line (a fair share, or zero for a difference)."""
    fig, ax = _figure(max(1.6, 0.38 * len(estimates) + 1.0))
    scale = 100.0 if percent else 1.0
    labels = [e.label for e in estimates][::-1]
    values = [e.value * scale for e in estimates][::-1]
    lows = [max(0.0, e.value - e.low) * scale for e in estimates][::-1]
    highs = [max(0.0, e.high - e.value) * scale for e in estimates][::-1]
    ax.errorbar(values, range(len(values)), xerr=[lows, highs], fmt="o", color="#1f5f8b",
                ecolor="#6a9fc4", capsize=4)
    ax.set_yticks(range(len(labels)), labels)
    if reference is not None:
        ax.axvline(reference * scale, color="#b5452b", linestyle="--", linewidth=1)
    ax.set_xlabel(xlabel + (" (%)" if percent else ""))
    ax.set_title(title, fontsize=10, loc="left")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def histogram(values: Sequence[float], title: str, xlabel: str) -> bytes:
    """A histogram of a discrete or continuous measure, with its mean marked."""
    fig, ax = _figure(2.6)
    if values:
        low, high = min(values), max(values)
        integral = all(float(v).is_integer() for v in values[:500])
        if integral and high - low <= 60:
            bins = [x - 0.5 for x in range(int(low), int(high) + 2)]
        else:
            bins = min(50, max(5, int(math.sqrt(len(values)))))
        ax.hist(values, bins=bins, color="#6a9fc4", edgecolor="#1f5f8b", linewidth=0.4)
        mean = sum(values) / len(values)
        ax.axvline(mean, color="#b5452b", linestyle="--", linewidth=1)
        ax.text(mean, ax.get_ylim()[1] * 0.92, f" mean {mean:.1f}", color="#b5452b",
                fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("matches")
    ax.set_title(title, fontsize=10, loc="left")
    return _png(fig)


def share_bars(estimates: Sequence[Estimate], title: str) -> bytes:
    """Bars of shares (end reasons, text statistics) with their intervals."""
    fig, ax = _figure(max(1.6, 0.34 * len(estimates) + 1.0))
    labels = [_short(e.label) for e in estimates][::-1]
    values = [e.value * 100 for e in estimates][::-1]
    errors = [[max(0.0, e.value - e.low) * 100 for e in estimates][::-1],
              [max(0.0, e.high - e.value) * 100 for e in estimates][::-1]]
    ax.barh(range(len(values)), values, xerr=errors, color="#6a9fc4", ecolor="#1f5f8b",
            capsize=3)
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.set_xlabel("share of matches (%)")
    ax.set_title(title, fontsize=10, loc="left")
    return _png(fig)


def small_histograms(series: dict[str, Sequence[float]], title: str) -> bytes:
    """One small histogram per statistic, in a grid."""
    from matplotlib.figure import Figure

    names = list(series)
    columns = min(3, max(1, len(names)))
    rows = max(1, math.ceil(len(names) / columns))
    fig = Figure(figsize=(WIDTH, 1.9 * rows + 0.4))
    axes = fig.subplots(rows, columns, squeeze=False)
    for position, ax in enumerate(axes.flat):
        if position >= len(names):
            ax.set_visible(False)
            continue
        values = series[names[position]]
        if values:
            ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#6a9fc4",
                    edgecolor="#1f5f8b", linewidth=0.3)
        ax.set_title(names[position], fontsize=8)
        ax.tick_params(labelsize=7)
    fig.suptitle(title, fontsize=10, x=0.02, ha="left")
    fig.tight_layout()
    return _png(fig)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
