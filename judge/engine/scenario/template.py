"""The skeleton `judge new-scenario` writes: every section of the format, with the rule quoted."""
from __future__ import annotations

import textwrap

TEMPLATE = """\
# {rule_id} — {short}
# {quoted}
#
# 格式说明：docs/scenarios.md。一个文件重现一个例子；variants 改变一个数字并期待不同的结果。
book: {book}
title: "（这个局面证明了什么，中文）"
source: "{number}"
# example: M47            # seed-examples.md 中的编号（若重现目录中的例子）
seed: 0
cards: cards/{book}.yaml   # 牌库；下面的 define: 可定义只在本文件使用的牌
define:
  测试生物:
    types: [生物]
    cost: "{{一}}{{绿}}"
    pt: 2/2
    text: ""
players:
  甲: {{life: 20}}
  乙: {{life: 20}}
turn: {{active: 甲, step: 战斗前的行动阶段, priority: 甲}}
board:
  甲:
    battlefield:
      - {{card: 测试生物, id: a}}
  乙:
    hand: []
actions:
  # - {{as: 甲, cast: ID, targets: [ID]}}
  # - pass_until: stack_empty
  # - {{checkpoint: 名字, expect: {{life: {{乙: 20}}}}}}
  - {{as: 甲, pass: true}}
expect:
  # life / zones / where / tapped / damage / counters / pt / stack / priority / winner
  fired: []          # 必须触发的规则，例如 [{number}]
  not_fired: []      # 不得触发的规则
variants:
  # - name: 改变一个数字
  #   objects: {{a: {{with: {{pt: 2/4}}}}}}
  #   expect: {{where: {{a: battlefield}}}}
  []
"""


def scenario_template(book: str, node) -> str:
    """The skeleton for a rule of `book`: the game's own (`Game.SCENARIO_TEMPLATE`: its zones, steps and cards
    differ) or, if it has none, the default one above."""
    from judge.engine.games import game_for

    try:
        tmpl = getattr(game_for(book), "SCENARIO_TEMPLATE", None) or TEMPLATE
    except KeyError:
        tmpl = TEMPLATE
    text = (node.text or "").replace("\n", " ")
    quoted = "\n# ".join(textwrap.wrap(text, 60)) or "(no text)"
    return tmpl.format(rule_id=f"{book}:{node.number}", short=text[:30], quoted=quoted, book=book,
                           number=node.number)
