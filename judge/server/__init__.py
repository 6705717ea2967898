"""`judge serve` and `judge site build`: the rulebooks, search, replays and rulings in a browser and over HTTP.

- `library`: the books, their search indexes and page order, loaded once and kept (read-only);
- `pages`: HTML for people (Jinja2, autoescaped), the same pages for the server and the static site;
- `linking`: rule text with its references and glossary terms as links;
- `replays`: scenario replays in worker processes, with a time limit;
- `app`: the FastAPI application (JSON API + pages); `limits`: request body size;
- `site`: the static site (`judge site build OUT/`).

FastAPI, uvicorn and Jinja2 are imported only here, inside the commands that serve or build pages.
"""
