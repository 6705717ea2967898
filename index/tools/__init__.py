"""Maintenance scripts that regenerate files in `index/data/` (not used at run time)."""
