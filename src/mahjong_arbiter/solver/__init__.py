"""The solver: a Hand becomes every Reading (CP-SAT canonical model, a CSP cross-check, a fast path)."""
