"""What every game package must keep in step: its vocabulary, its verbs, its layering."""
from __future__ import annotations

import importlib

import pytest

GAMES = ("mtg", "wow", "riftbound")


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_the_vocabulary_accepts_is_implemented(game):
    """The card vocabulary (pydantic, at the edge) and the effects that run its verbs list the same verbs."""
    vocab = importlib.import_module(f"judge.engine.games.{game}.vocab")
    effects = importlib.import_module(f"judge.engine.games.{game}.effects")
    assert set(vocab.VERBS) == set(effects.VERB_FUNCS)


# ---------------------------------------------------------------- a game's words are data

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
IDEOGRAPH = __import__("re").compile(r"[\u4e00-\u9fff]")


def _string_literals(path):
    """(line, text) of every string literal in the file, docstrings aside (f-strings: their literal parts)."""
    import ast

    tree = ast.parse(path.read_text("utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_the_engine_logic_spells_no_game_word():
    """Zones, steps, types, keywords, target words, glossary rule ids: the logic names them by identifier
    (`TYPE.creature`), the words are in `judge/data/games/<game>.yaml`. No string literal in the core or
    in a game package holds a Chinese word (punctuation that formats the output, 、 ；, is not a word)."""
    offenders = []
    for folder in ("core", "games"):
        for path in sorted((ROOT / "judge" / "engine" / folder).rglob("*.py")):
            for line, text in _string_literals(path):
                if IDEOGRAPH.search(text):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {text[:40]!r}")
    assert not offenders, "\n".join(offenders)


def test_the_word_test_finds_a_word(tmp_path):
    p = tmp_path / "x.py"
    p.write_text('"""生物 in a docstring is fine."""\nA = "、"\nB = f"{x}生物"\n', "utf-8")
    assert [t for _, t in _string_literals(p) if IDEOGRAPH.search(t)] == ["生物"]


@pytest.mark.parametrize("game", GAMES)
def test_each_vocabulary_loads_and_names_each_word_once(game):
    """The vocabulary file is the one place a game's words live: it loads, its words are unique within a
    kind, the zones its scenarios place cards in are its board zones, its steps are its game's steps."""
    from judge.engine.games import game_for
    from judge.engine.games.common.words import vocabulary

    v = vocabulary(game)
    cls = game_for(game)
    assert cls.ZONES == tuple(z for z, spec in v["zones"].items() if spec.get("board"))
    assert cls.STEPS == tuple(spec["word"] for spec in v["steps"].values())
    kinds = ("zones", "steps", "phases", "types", "supertypes", "subtypes", "groups", "keywords", "colors",
             "damage_types", "factions", "classes", "targets", "glossary_rules", "terms")
    for kind in kinds:
        table = v.get(kind) or {}
        words = [x["word"] if isinstance(x, dict) else x for x in table.values()]
        assert len(words) == len(set(words)), (game, kind)
    assert set(v) >= {"zones", "steps", "types", "keywords", "targets"}


def test_a_new_translation_is_a_data_change(tmp_path, monkeypatch):
    """Words of the book come from the vocabulary file: a copy with another word for 生物 changes what the
    engine reads, without touching code."""
    from judge.engine.games.common import words

    text = (words.VOCABULARIES / "mtg.yaml").read_text("utf-8").replace("creature: 生物", "creature: 造物")
    (tmp_path / "mtg.yaml").write_text(text, "utf-8")
    monkeypatch.setattr(words, "VOCABULARIES", tmp_path)
    words.vocabulary.cache_clear()
    try:
        v = words.vocabulary("mtg")
        assert words.Words("types", v["types"]).creature == "造物"
    finally:
        words.vocabulary.cache_clear()


def test_words_refuse_an_unknown_identifier():
    from judge.engine.games.common.words import Words

    w = Words("types", {"creature": "生物", "land": "地"})
    assert w.creature == "生物" and list(w) == ["生物", "地"] and w.id_of("地") == "land" and "地" in w
    assert w.words() == ("生物", "地") and w.ids() == ("creature", "land") and w["land"] == "地" and len(w) == 2
    assert w.id_of("石") is None and "creature" not in w
    with pytest.raises(AttributeError, match="no types word 'creeture'; known: creature, land"):
        w.creeture
    with pytest.raises(ValueError):
        Words("types", {"words": "x"})
    with pytest.raises(ValueError):
        Words("types", {"creature": ""})


def test_a_vocabularys_sections_become_words_zones_and_step_names():
    from judge.engine.games.common.words import step_aliases, words_of, zones_of

    steps = {"untap": {"word": "重置", "phase": "beginning"}, "upkeep": {"word": "维持"}}
    assert words_of("steps", steps).words() == ("重置", "维持") and words_of("steps", steps).upkeep == "维持"
    assert words_of("types", {"land": "地"}).land == "地"
    assert step_aliases(steps, {"u": "untap", "维": "upkeep"}) == {"untap": "重置", "upkeep": "维持", "u": "重置",
                                                                 "维": "维持"}
    with pytest.raises(ValueError, match="step alias 'x' names an unknown step 'nope'"):
        step_aliases(steps, {"x": "nope"})
    zones = zones_of({"library": {"word": "牌库", "top_first": True, "visibility": "hidden"},
                      "battlefield": {"word": "场上", "shared": True}, "hand": {"word": "手牌", "visibility": "owner"}})
    assert [(z.name, z.shared, z.top_first, z.visibility) for z in zones.values()] == [
        ("library", False, True, "hidden"), ("battlefield", True, False, "public"), ("hand", False, False, "owner")]


def test_a_zone_word_comes_from_the_vocabulary_then_the_phrases():
    from judge.engine.games.common.words import phrase_book

    say, zone = phrase_book("mtg")
    assert zone("graveyard") == "坟墓场" and zone("gone") == "消失" and zone("nowhere") == "nowhere"
    assert say("answer.yes") == "是"


def test_a_vocabulary_file_must_name_its_game(tmp_path, monkeypatch):
    from judge.engine.games.common import words

    (tmp_path / "mtg.yaml").write_text("game: wow\ntypes: {}\n", "utf-8")
    monkeypatch.setattr(words, "VOCABULARIES", tmp_path)
    words.vocabulary.cache_clear()
    try:
        with pytest.raises(ValueError, match="not the vocabulary of 'mtg'"):
            words.vocabulary("mtg")
    finally:
        words.vocabulary.cache_clear()


def test_the_skeleton_is_the_games_data_file():
    from judge.engine.games.common.words import VOCABULARIES, skeleton

    for game in GAMES:
        text = skeleton(game)
        assert text == (VOCABULARIES / f"{game}.skeleton.yaml").read_text("utf-8")
        assert "${rule_id}" in text and f"cards/${{book}}.yaml" in text
