"""Pop, exactly as docs/rules/pop.md says."""
