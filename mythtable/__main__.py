"""`python -m mythtable` runs the same entry point as the `mythtable` script."""

from mythtable.cli import main

raise SystemExit(main())
