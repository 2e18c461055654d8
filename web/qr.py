"""QR codes of the table's addresses, as inline SVG (no file, nothing fetched)."""

from __future__ import annotations

from functools import lru_cache
from html import escape

import qrcode
import qrcode.image.svg


@lru_cache(maxsize=64)
def qr_svg(data: str, label: str) -> str:
    """A QR code of an address. Kept: the table page shows the same code on every refresh, and making one
    costs more than the rest of the page."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    text = image.to_string(encoding="unicode")
    # Sized by the page's CSS, not in millimetres, and labelled for screen readers.
    head, rest = text.split(">", 1)
    head = head.replace('width="', 'data-w="').replace('height="', 'data-h="')
    return f'{head} class="qr" role="img" aria-label="{escape(label, quote=True)}">{rest}'
