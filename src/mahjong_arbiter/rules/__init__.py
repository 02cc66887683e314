"""The rule catalogue: small named predicates over a Reading, each with a stable id and a source."""
