"""The words around the quotes: headings and sentence frames, per language, from data files.

Everything a reader sees that is not rulebook text or an engine reason lives
in `judge/data/templates/<lang>/explain.yaml`, so adding a language means
adding a file. A template is a `str.format` string whose `{fields}` are
filled by code; a missing field is an error naming the template, never a
silently blank sentence (tests render every template with sample fields).
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from judge.engine.template_fields import fields_of

DEFAULT_LANG = "zh"
_CACHE: dict[str, "Templates"] = {}


class TemplateError(Exception):
    """A template is missing, or was filled without one of its fields."""


def template_dir(lang: str = DEFAULT_LANG) -> Path:
    return Path(str(resources.files("judge") / "data" / "templates" / lang))


class Templates:
    """One language's explain templates: `t("headings.terms")`, `t("step", n=1, text=…)`."""

    def __init__(self, lang: str, data: dict, source: str):
        self.lang = lang
        self.data = data
        self.source = source

    def raw(self, key: str) -> str:
        node = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise TemplateError(f"{self.source}: no template {key!r}")
            node = node[part]
        if not isinstance(node, str):
            raise TemplateError(f"{self.source}: {key!r} is not a template string")
        return node

    def __call__(self, key: str, **fields) -> str:
        template = self.raw(key)
        missing = fields_of(template) - fields.keys()
        if missing:
            raise TemplateError(f"{self.source}: template {key!r} needs field(s) {', '.join(sorted(missing))}")
        return template.format(**fields)

    def keys(self) -> list[str]:
        """Every template key, dotted (for the test that renders them all)."""
        out: list[str] = []

        def walk(prefix: str, node) -> None:
            for k, v in node.items():
                key = f"{prefix}{k}"
                if isinstance(v, dict):
                    walk(key + ".", v)
                elif isinstance(v, str):
                    out.append(key)

        walk("", self.data)
        return out


def load(lang: str = DEFAULT_LANG) -> Templates:
    if lang not in _CACHE:
        from rulebook import safe_yaml  # start-up: yaml (~9 ms) only when the templates are first read

        path = template_dir(lang) / "explain.yaml"
        if not path.is_file():
            have = sorted(p.name for p in template_dir(lang).parent.iterdir() if (p / "explain.yaml").is_file())
            raise TemplateError(f"no explain templates for language {lang!r} (have: {', '.join(have) or 'none'})")
        data = safe_yaml.read(path) or {}
        _CACHE[lang] = Templates(lang, data, str(path))
    return _CACHE[lang]
