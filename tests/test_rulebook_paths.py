"""rulebook/paths.py: where rules-judge keeps its files. `RULES_JUDGE_DATA_DIR` and `RULES_JUDGE_CACHE_DIR`
override the platform's user folders (tests, CI, portable installs: the module's docstring); unset or empty,
the user's own folders are used (tests/test_books_registry.py checks those)."""
from __future__ import annotations

from pathlib import Path

from rulebook import paths


def test_the_overrides_name_the_folders_exactly(monkeypatch, tmp_path):
    """A portable install points both folders anywhere, each on its own: the path given, not one under it."""
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", str(tmp_path / "data here"))
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", str(tmp_path / "cache there"))
    assert paths.data_dir() == tmp_path / "data here"
    assert paths.cache_dir() == tmp_path / "cache there"


def test_an_empty_override_is_no_override(monkeypatch):
    """`RULES_JUDGE_DATA_DIR=` (set but empty, as a shell script that clears it leaves it) means the user's
    folders, never the current directory (Path("") is ".")."""
    monkeypatch.setenv("RULES_JUDGE_DATA_DIR", "")
    monkeypatch.setenv("RULES_JUDGE_CACHE_DIR", "")
    assert paths.data_dir().name == "rules-judge" and paths.data_dir() != Path("")
    assert paths.cache_dir().name == "rules-judge" and paths.cache_dir() != Path("")


def test_a_file_written_through_replacing_appears_whole_or_not_at_all(tmp_path):
    """The block writes a temporary file beside the target; the target is replaced only when the block ends
    without an error, and a failed block leaves the old file and no temporary file behind."""
    target = tmp_path / "books.json"
    target.write_text("old", encoding="utf-8")
    with paths.replacing(target) as tmp:
        assert tmp.parent == target.parent and tmp != target
        tmp.write_text("new", encoding="utf-8")
        assert target.read_text(encoding="utf-8") == "old"       # readers still see the old file meanwhile
    assert target.read_text(encoding="utf-8") == "new"
    try:
        with paths.replacing(target) as tmp:
            tmp.write_text("half", encoding="utf-8")
            raise OSError("disk full")
    except OSError:
        pass
    assert target.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["books.json"]
