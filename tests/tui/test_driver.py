"""The console's terminal driver stops cleanly when its terminal disappears (`tui.driver`)."""

from __future__ import annotations

import io
import signal
import threading
from typing import Any

import pytest
from textual.drivers._writer_thread import WriterThread
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver

from gmconsole.tui.driver import DroppingOutput, console_driver


class GoneTerminal(io.StringIO):
    """A terminal that has hung up: every write and flush is refused (EIO)."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")


def test_writes_to_a_gone_terminal_are_dropped_and_the_writer_lives() -> None:
    """Textual's writer thread died on the first refused write, and the 31st write then
    waited forever for room in its queue; through `DroppingOutput` it drains them all."""
    out = DroppingOutput(GoneTerminal())
    writer = WriterThread(out)  # type: ignore[arg-type]
    writer.start()
    done = threading.Event()

    def write_a_lot() -> None:
        for _ in range(200):
            writer.write("\x1b[?25h")
        writer.stop()
        done.set()

    threading.Thread(target=write_a_lot, daemon=True).start()
    assert done.wait(10), "the writes blocked: the writer thread died"
    assert out.gone


@pytest.fixture
async def driver(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The console's Linux driver, built without a terminal (its signal handlers put back;
    Textual builds a driver inside the app's event loop)."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    resumed: list[str] = []
    monkeypatch.setattr(LinuxDriver, "resume_application_mode", lambda self: resumed.append("resumed"))
    monkeypatch.setattr(LinuxDriver, "suspend_application_mode", lambda self: None)
    monkeypatch.setattr("os.kill", lambda pid, sig: None)  # no real SIGSTOP to the test run
    try:
        made = console_driver(LinuxDriver)(object(), debug=False, mouse=False, size=(80, 24))  # type: ignore[arg-type]
        made.resumed = resumed
        yield made
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


async def test_a_sigcont_after_a_hang_up_does_not_start_the_console_again(driver: Any) -> None:
    """The SIGCONT that follows a hang-up restarted Textual's input thread mid-quit, and that
    thread kept the finished console alive, spinning on the dead terminal. Only a SIGCONT
    after a SIGTSTP (Ctrl+Z, then `fg`) resumes."""
    driver._sigcont_application()
    assert driver.resumed == []
    driver._sigtstp_application()
    driver._sigcont_application()
    assert driver.resumed == ["resumed"]
    driver._sigcont_application()
    assert driver.resumed == ["resumed"]


def test_other_drivers_are_left_as_they_are() -> None:
    assert console_driver(HeadlessDriver) is HeadlessDriver
    assert issubclass(console_driver(LinuxDriver), LinuxDriver)
