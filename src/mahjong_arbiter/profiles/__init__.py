"""Profiles: rule sets as data (TOML), composed by ``extends`` with add / amend / remove."""
