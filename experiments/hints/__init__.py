"""The book-hint experiments: each testable hint of RULES.md measured and given a verdict."""
