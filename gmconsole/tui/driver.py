"""Textual's Linux driver, made to stop cleanly when its terminal disappears.

Killing the tmux session a fraction of a second after `q` left the console running for good,
at most of a CPU: the terminal going away sends SIGHUP and then SIGCONT, and Textual's driver
takes any SIGCONT as the end of a Ctrl+Z suspension and starts its input thread again. Arriving
while the console was quitting, that thread outlived the app: the interpreter waited for it at
exit, and it spun on the dead terminal's empty reads. Here a SIGCONT resumes only a driver that
SIGTSTP suspended.

Two smaller holes close with it. Textual writes to the terminal from a thread fed by a queue
of 30 writes; once the terminal is gone a write raises `OSError` (EIO), the thread dies, and
the 31st write would wait for room forever, hanging the console's main thread where neither
the hang-up signal nor `terminal_watch` can reach it: the output stream drops what cannot be
written instead. (Everything a GM did was saved when it happened; stopping loses nothing.)

Every app that draws gmconsole's screens asks for its driver here, headless and web ones too,
so this is also where the text boundary goes in (`gmconsole.tui.terminal_text`): campaign text
reaches no terminal raw, whichever driver writes it.
"""

from __future__ import annotations

from typing import IO, Any

from textual.driver import Driver


class DroppingOutput:
    """A text stream that drops what a gone terminal refuses (`OSError` on write or flush)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self.gone = False
        """True once a write or a flush has been refused."""

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError:
            self.gone = True
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self.gone = True

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding...
        return getattr(self._stream, name)


def console_driver(base: type[Driver]) -> type[Driver]:
    """`base` with its output stream made `DroppingOutput`, when it is Textual's Linux driver
    (the one with a writer thread); any other driver (Windows, headless, web) as it is. Either
    way the app's text is shown through `terminal_text` from now on."""
    from textual.drivers.linux_driver import LinuxDriver

    from gmconsole.tui import terminal_text

    terminal_text.install()

    if not issubclass(base, LinuxDriver):
        return base

    class ConsoleDriver(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._suspended = False  # before the signal handlers go in
            super().__init__(*args, **kwargs)
            self._file = DroppingOutput(self._file)

        def _sigtstp_application(self, *args: Any) -> None:
            self._suspended = True
            super()._sigtstp_application(*args)

        def _sigcont_application(self, *args: Any) -> None:
            if self._suspended:  # not the SIGCONT that follows a hang-up
                self._suspended = False
                super()._sigcont_application(*args)

    return ConsoleDriver

