"""Pictures for the environments' ``render()``: the terminal picture as plain text and the SVG
picture rasterised (cairosvg) into an RGB array."""

from __future__ import annotations

import io

import numpy as np

from gonets.core.game import Game


def render_text(game: Game, view: dict, width: int = 100) -> str:
    """The game's terminal picture of ``view`` as plain text (no colour codes)."""
    picture = game.render_text(view)
    if isinstance(picture, str):
        return picture
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False,
                      record=True)
    console.print(picture)
    return console.export_text()


def render_rgb(game: Game, view: dict, width: int = 800) -> np.ndarray:
    """The game's SVG picture of ``view`` as an ``(height, width, 3)`` uint8 array."""
    try:
        import cairosvg
        from PIL import Image
    except ImportError as exc:        # pragma: no cover - cairosvg is in the rl and test extras
        raise RuntimeError("render_mode='rgb_array' needs cairosvg (pip install "
                           "'gonets[rl]')") from exc
    png = cairosvg.svg2png(bytestring=game.render_svg(view).encode(), output_width=width,
                           background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))
