"""Pop, exactly as ../shared/rules/pop.md says."""

from .native import choose_build

COMPILED = choose_build()  # mypyc build of the hot modules, when it matches their source
