"""The app's screens: title, new game, game, curtain, rules, result, and the too-small notice."""
