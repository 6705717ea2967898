"""judge rule / define / books / lint (filled in below)."""
import typer

from judge.app import app


@app.command()
def rule(query: str, book: str = typer.Option("mtg", "--book", "-b")) -> None:
    """Show a rule by number."""
    from rulebook import load_book

    b = load_book(book)
    n = b.get(query)
    print(n.uid if n else "not found", n.text if n else "")


@app.command()
def define(term: str, book: str = typer.Option("mtg", "--book", "-b")) -> None:
    """Show a glossary entry."""
    rule(f"glossary:{term}", book)
