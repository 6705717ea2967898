"""Reading a rulebook file: bytes, encodings, and the errors a user sees.

Separate from the parser so that a lookup served from the cache (which needs
to read and hash the file, and to report a missing one) never imports it.
"""
from __future__ import annotations

import re
from pathlib import Path


class RulebookError(Exception):
    """A rulebook file that cannot be read; the message says which and why."""


# ---------------------------------------------------------------- reading text

def decode(data: bytes, path: str = "<text>") -> tuple[str, str]:
    """Bytes → (text, encoding name). Accepts UTF-8 (with or without BOM),
    UTF-16 with a BOM or with the NUL pattern of ASCII in UTF-16, and GB18030
    (a superset of GBK and GB2312). Anything else is refused with the offset
    of the first byte that does not fit."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError as e:
            raise RulebookError(f"{path}: starts with a UTF-16 byte-order mark but is not valid UTF-16 ({e.reason} at byte {e.start})") from None
    if b"\x00" in data[:4096]:
        sample = data[:4096]
        even = sample[0::2].count(0)
        odd = sample[1::2].count(0)
        guess = "utf-16-le" if odd > even * 4 else "utf-16-be" if even > odd * 4 else None
        if guess:
            try:
                return data.decode(guess), guess
            except UnicodeDecodeError:
                pass
        raise RulebookError(f"{path}: this is a binary file, not rulebook text (NUL byte at offset {data.index(0)}); expected UTF-8, UTF-16 or GB18030 text")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as e:
        utf8_error = e
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        raise RulebookError(
            f"{path}: not valid UTF-8 ({utf8_error.reason}: byte 0x{data[utf8_error.start]:02x} at offset {utf8_error.start}) "
            "and not GB18030/GBK either; save the file as UTF-8"
        ) from None
    # Latin-1 and other 8-bit texts often decode as GB18030 too, into a few
    # stray ideographs; a real GBK rulebook is mostly Chinese.
    cjk = len(re.findall(r"[\u4e00-\u9fff]", text))
    if cjk < 0.3 * len(re.sub(r"\s", "", text)):
        raise RulebookError(f"{path}: not valid UTF-8 (byte 0x{data[utf8_error.start]:02x} at offset {utf8_error.start}); save the file as UTF-8")
    return text, "gb18030"


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a rulebook file, or a RulebookError that says what is wrong."""
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise RulebookError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise RulebookError(f"{p}: is a directory, expected a rulebook text file") from None
    except OSError as e:
        raise RulebookError(f"{p}: cannot read ({e.strerror})") from None
