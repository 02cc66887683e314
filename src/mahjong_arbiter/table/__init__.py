"""The table companion: settlement, incidents, progression and the game ledger."""
