"""``jink serve``: an interactive double-dummy board in the browser.

A small Starlette app (:mod:`jink.serve.app`) serves one page of plain
HTML, CSS and JavaScript (``static/``) and a JSON API: the board of a deal
and a play (:mod:`jink.serve.board`, no search), the answers of ``jink
solve --json`` and ``jink analyse --json`` (:mod:`jink.serve.work`), run in
a child process each (:mod:`jink.serve.lanes`) so the server stays
responsive and a newer question cancels an older one.

Needs the ``web`` extra (Starlette and uvicorn); nothing else in jink
imports this package but the ``serve`` command.
"""
