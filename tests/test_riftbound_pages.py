"""Riftbound in the web pages (`judge serve`): the bundled set lists its scenarios, and a scenario page shows
the ruling, the look the engine refused with its rule, and no life totals (Riftbound has none in this book)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from judge.server.app import Settings, create_app  # noqa: E402
from judge.server.replays import bundled  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(time_limit=60))) as c:
        yield c


def test_the_scenarios_page_lists_every_bundled_riftbound_scenario(client):
    html = client.get("/scenarios").text
    listed = set(re.findall(r'href="/scenarios/riftbound/([^"?#]+)"', html))
    assert listed == {p.stem for p in bundled()["riftbound"]} and len(listed) >= 40


def test_a_riftbound_scenario_page_shows_the_ruling_the_refused_look_and_no_life(client):
    html = client.get("/scenarios/riftbound/128.4-face-down-controller-R2").text
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "<h2>裁定</h2>" in html and '<a href="/books/riftbound/rules/128.4">' in html
    assert "引擎拒绝此动作：甲 不得查看 爆炸" in text                 # the controller 乙 may, the owner 甲 may not
    ruling_and_board = text.split("换一个情景")[0]          # not the bundled list below, whose titles say 生命
    assert "爆炸(fd)" in ruling_and_board and "生命" not in ruling_and_board
    variant = client.get("/scenarios/riftbound/128.4-face-down-controller-R2",
                         params={"variant": "正面朝上则是公开信息，所属者与控制者都可以查看"}).text
    assert "不得查看" not in variant and '<a href="/books/riftbound/rules/128.5">' in variant
