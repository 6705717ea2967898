"""A character-level diff that reads well in Chinese.

Chinese has no spaces, so a word diff is a whole-sentence diff; a raw
character diff shreds a reworded phrase into single characters (魔法力 →
法术力 shows as -魔 法 +术 力). diff-match-patch's semantic cleanup merges
such fragments back into phrases, which is why it is used rather than
difflib. The result is a list of (op, text) runs that the CLI colours and
the JSON carries as is.
"""
from __future__ import annotations

from diff_match_patch import diff_match_patch

EQUAL, DELETE, INSERT = "=", "-", "+"
_OPS = {0: EQUAL, -1: DELETE, 1: INSERT}


def char_diff(old: str, new: str, *, timeout: float = 1.0) -> list[tuple[str, str]]:
    """Runs of (`=`|`-`|`+`, text) turning `old` into `new`, cleaned up for reading."""
    dmp = diff_match_patch()
    dmp.Diff_Timeout = timeout
    diffs = dmp.diff_main(old, new)
    dmp.diff_cleanupSemantic(diffs)
    return [(_OPS[op], text) for op, text in diffs if text]


def marked(runs: list[tuple[str, str]]) -> str:
    """Plain text with the changes marked: [-删去的-]{+加入的+} (as `git diff --word-diff` does)."""
    out = []
    for op, text in runs:
        out.append(text if op == EQUAL else f"[-{text}-]" if op == DELETE else f"{{+{text}+}}")
    return "".join(out)
