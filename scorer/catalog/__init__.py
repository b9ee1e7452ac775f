"""The message catalogs, one module per language: see :mod:`scorer.i18n`."""
