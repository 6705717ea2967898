"""Every golden ruling reads as Chinese prose: no identifiers, no English, no data structures, no bare claims.

Read over the stored rulings (tests/golden/explain, every game, every
variant) — what a judge reads. In our sentences (the title, 裁定, 经过, 为什么没有发生？;
not the rulebook text quoted in 「」 after a citation):

- no ASCII identifier or English word, except the English card names the books
  themselves print (Fire Blast, World in Flames), X/Y, the layer labels 6a–6e,
  rule numbers after 规则, and a scenario's object id as the suffix that tells
  apart two objects sharing a name (示例盟军（raider）);
- no `glossary:` prefix and no Python literal ({'type': …}, None, True, []);
- every "没有适用" gives its reason, and every 裁定 cites at least one rule.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from judge.explain.bless import GOLDEN, ROOT

BOOKS = ROOT / "rulebook" / "data"
GOLDENS = sorted(GOLDEN.rglob("*.txt")) if GOLDEN.is_dir() else []
SECTIONS = ("裁定", "经过", "为什么没有发生？")
ENDS = ("引用的规则", "相关规则（被引用的规则所引用的规则）", "术语")
ALLOWED_TOKENS = {"X", "Y", "APNAP"}
LAYER = re.compile(r"^6[a-e]$")
# an English name: capitalised words, joined by spaces or the small words card names use
_NAME = re.compile(r"[A-Z0-9][A-Za-z0-9'’\-]*(?: (?:[A-Za-z0-9'’\-]+))*")
_LATIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.:'’\-]*")
_PY = re.compile(r"\{'|'\}|\[\]|\{\}|\[\'|\bNone\b|\bTrue\b|\bFalse\b|\bdict\(|\blist\(")
_QUOTED_RULE = re.compile(r"（(?:规则 [^（）：]+|术语「[^」]+」)：「.*?」）")
_CITE = re.compile(r"（(?:规则 [^（）]*?|术语[^（）]*?)(?:；(?:规则 [^（）]*?|术语[^（）]*?))*）")


@lru_cache(maxsize=1)
def book_names() -> list[str]:
    """English names the books print (cards, keywords), longest first."""
    names: set[str] = set()
    for path in BOOKS.glob("*.txt"):
        text = path.read_text(encoding="utf-8").replace("\u00a0", " ")
        names |= {m.group(0).strip() for m in _NAME.finditer(text)}
    return sorted((n for n in names if re.search(r"[A-Za-z]", n)), key=len, reverse=True)


@lru_cache(maxsize=1)
def name_words() -> frozenset[str]:
    """The capitalised words of the books' English names (Wondervolt, Greatsword)."""
    return frozenset(w for n in book_names() for w in n.split(" ") if len(w) > 1 and w[0].isupper())


def prose(golden: str) -> list[str]:
    """The lines of a ruling that are our sentences, rulebook quotes removed."""
    lines = golden.split("\n")
    out = [lines[0]]
    inside = False
    for ln in lines[1:]:
        s = ln.strip()
        if s in SECTIONS:
            inside = True
            continue
        if s in ENDS:
            inside = False
            continue
        if inside and s:
            out.append(_QUOTED_RULE.sub("", s))
    return out


def answer(golden: str) -> str:
    lines = golden.split("\n")
    return lines[lines.index("裁定") + 1].strip()


def scenario_ids(golden: str) -> set[str]:
    """The object ids the ruling's scenario file gives (a suffix telling same-named objects apart)."""
    m = re.search(r"^情景：(\S+)$", golden, re.M)
    if not m or not (ROOT / m.group(1)).is_file():
        return set()
    return set(re.findall(r"\bid:\s*([\w.#\-]+)", (ROOT / m.group(1)).read_text(encoding="utf-8")))


def leaks(line: str, ids: set[str]) -> list[str]:
    """ASCII identifiers or English words left in a line of our prose."""
    text = _CITE.sub("", line)
    for name in book_names():
        text = text.replace(name, " ")
    # a card called by one word of its name (Blessing for Blessing of Freedom), as judges do
    text = _LATIN.sub(lambda m: " " if m.group(0) in name_words() else m.group(0), text)
    text = re.sub(r"（([\w.#\-]+)）", lambda m: " " if m.group(1) in ids else m.group(0), text)
    return [w for w in _LATIN.findall(text) if w not in ALLOWED_TOKENS and not LAYER.match(w)]


def _id(p: Path) -> str:
    return str(p.relative_to(GOLDEN))


@pytest.mark.parametrize("path", GOLDENS, ids=[_id(p) for p in GOLDENS])
def test_ruling_is_chinese_prose(path):
    golden = path.read_text(encoding="utf-8")
    ids = scenario_ids(golden)
    bad = []
    for line in prose(golden):
        if "glossary:" in line:
            bad.append(f"glossary: prefix: {line}")
        if _PY.search(line):
            bad.append(f"Python literal: {line}")
        words = leaks(line, ids)
        if words:
            bad.append(f"{words}: {line}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", GOLDENS, ids=[_id(p) for p in GOLDENS])
def test_answer_gives_reasons_and_cites(path):
    text = answer(path.read_text(encoding="utf-8"))
    assert "（规则 " in text or "（术语" in text, f"the 裁定 cites no rule: {text}"
    for m in re.finditer(r"没有适用(.?)", text):
        assert m.group(1) == "：", f"'没有适用' without its reason: {text}"


def test_the_check_catches_what_it_is_for():
    ids = {"raider"}
    assert leaks("更动 moon.moon 从属于 volt.volt", ids) == ["moon.moon", "volt.volt"]
    assert leaks("防止接下来的 all 点伤害", ids) == ["all"]
    assert leaks("甲 在结算时作出的选择（destroy_one：a_hero）", ids) == ["destroy_one", "a_hero"]
    assert leaks("示例盟军（raider）在坟墓场；Fire Blast 在手牌（规则 709.2b）", ids) == []
    assert leaks("示例盟军（guard）在坟墓场", ids) == ["guard"]
    assert leaks("灰熊 获得 Flying；分类层：6b 巨力 +4/+4", ids) == []
    assert _PY.search("{'type': '暗夜精灵'}") and _PY.search("效应：None") and not _PY.search("{红}{绿}")
    assert prose("裁定说明：t\n\n裁定\n  裁定：x（规则 1：「Charge b」）\n\n引用的规则\n  Not prose") == \
        ["裁定说明：t", "裁定：x"]
