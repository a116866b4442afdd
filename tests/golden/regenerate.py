"""Write the golden playthroughs again: `python -m tests.golden.regenerate [ruleset id ...]`.

Run it after a deliberate change of behaviour (a rules fix, new wording), then read the diff
(`git diff tests/golden`) before committing: every changed line should be one you meant.
"""

from __future__ import annotations

import sys

from tests.golden.playthrough import golden_path, playthrough, rulesets


def main(argv: list[str]) -> int:
    chosen = argv or rulesets()
    for rid in chosen:
        path = golden_path(rid)
        text = playthrough(rid)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else ("written" if old is None else "changed")
        print(f"{path.relative_to(path.parents[2])}: {state} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
