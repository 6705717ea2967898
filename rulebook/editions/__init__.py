"""The same rule across editions of a game and across translations.

A judge holding the 2006 rules asks where the legend rule 420.5e went (704.5j
in 2026), what changed in the last update, or what the English text of a
Chinese rule says. This package answers from two parsed books:

- `units`: the rules of a book as the aligner sees them (text, place in the tree, references);
- `textsim`: how alike two rules read (character n-grams; a bilingual lexicon learned from the pairs);
- `align`: the computed correspondence between two books, with a confidence per match;
- `splits`: rules split into several or merged into one, found sentence by sentence;
- `chardiff`: a character-level diff that reads well in Chinese;
- `terms`: terms an edition renamed, read off the aligned rules;
- `changes`: an update bulletin (added, removed, reworded, renumbered; glossary and term changes);
- `link`: a Chinese and an English book of the same edition, linked by id and checked;
- `cache`: alignments cached like parsed books.

Like the rest of `rulebook`, it imports neither `index` nor `judge`; numpy and
scipy are imported only when an alignment is computed (not when one is read
from the cache).
"""
