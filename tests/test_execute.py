"""notebooks/execute.py: executing notebooks without stalling on widget cells."""

import asyncio
import importlib.util
import time
from pathlib import Path
from queue import Empty

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load_execute():
    spec = importlib.util.spec_from_file_location("execute", ROOT / "notebooks" / "execute.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


execute = _load_execute()
REPLY = {"msg_type": "execute_reply"}


def missed_wakeup_channel(calls):
    """A channel's ``get_msg`` whose reply is already there but is only noticed when a
    wait ends, as with nbclient's widget cells; each call's timeout is recorded."""

    async def get_msg(timeout=None):
        calls.append(timeout)
        await asyncio.sleep(timeout)
        return REPLY

    return get_msg


def silent_channel(calls):
    async def get_msg(timeout=None):
        calls.append(timeout)
        await asyncio.sleep(timeout)
        raise Empty

    return get_msg


def test_a_reply_noticed_late_costs_one_slice_not_the_cell_timeout():
    calls = []
    get_msg = execute.wait_in_slices(missed_wakeup_channel(calls), slice_seconds=0.05)
    start = time.monotonic()
    assert asyncio.run(get_msg(timeout=300)) == REPLY
    assert time.monotonic() - start < 1.0
    assert calls == [0.05]


def test_without_a_reply_the_wait_ends_with_empty_at_the_timeout():
    calls = []
    get_msg = execute.wait_in_slices(silent_channel(calls), slice_seconds=0.05)
    start = time.monotonic()
    with pytest.raises(Empty):
        asyncio.run(get_msg(timeout=0.3))
    assert 0.3 <= time.monotonic() - start < 1.0
    assert len(calls) >= 5 and all(0 <= timeout <= 0.05 for timeout in calls)


def test_without_a_timeout_the_wait_goes_on_until_a_reply():
    calls = []

    async def reply_on_fourth_call(timeout=None):
        calls.append(timeout)
        if len(calls) < 4:
            raise Empty
        return REPLY

    get_msg = execute.wait_in_slices(reply_on_fourth_call, slice_seconds=0.05)
    assert asyncio.run(get_msg(timeout=None)) == REPLY
    assert calls == [0.05] * 4

