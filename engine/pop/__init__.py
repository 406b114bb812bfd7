"""Pop, exactly as ../shared/rules/pop.md says."""
