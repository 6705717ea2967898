"""The Chinese phrases WoW puts into reason fields, from `judge/data/templates/<lang>/phrases.yaml` (`wow:`).

Code names a phrase by key (`say("why.chain_empty")`, `say("name.effect_of", source=…)`); the words
live in data, so a second language is a second file, and `tests/test_wow.py` checks that every
key used here exists. Identifiers of the book (card types, step names, damage types, glossary
headwords used as rule ids) may appear in code; sentences may not.
"""
from __future__ import annotations

from judge.engine.games.common.words import phrase_book, step_name

say, zone = phrase_book("wow")

STEPS = ("回合开始步骤", "重置步骤", "抓牌步骤", "行动阶段", "攻击窗口", "防御窗口", "回合结束步骤")
ALIASES = {"start": "回合开始步骤", "start_of_turn": "回合开始步骤", "回合开始": "回合开始步骤", "ready": "重置步骤",
           "重置": "重置步骤", "draw": "抓牌步骤", "抓牌": "抓牌步骤", "action": "行动阶段", "非战斗行动阶段": "行动阶段",
           "attack_window": "攻击窗口", "defend_window": "防御窗口", "end": "回合结束步骤", "end_of_turn": "回合结束步骤",
           "回合结束": "回合结束步骤"}


def canonical(step) -> str | None:
    return step_name(step, STEPS, ALIASES)
