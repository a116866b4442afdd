"""The watchers' shared screen of a table (issue 32, item 4): one renderer program a watched table
(watch_render.py, started by `serve ssh`), drawing each public frame with the boards' own Rich functions into
80x23 lines of ANSI text, and sending only the lines that changed.

lines.py   Rich renderables as lines of segments, and columns side by side
terminal.py  lines as ANSI text (every character cleaned once more), a whole repaint, the lines that changed
screen.py  one frame as the lines of a whole screen: header, status, the board, the log, who chooses, the result
"""
